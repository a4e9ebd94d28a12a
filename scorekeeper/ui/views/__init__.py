"""One module per screen; ``scorekeeper.ui.routes`` maps a route to its freshly built ``ft.View``."""
