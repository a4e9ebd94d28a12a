"""One session's state and the words it shows, without Flet.

The Flet views (``scorekeeper.ui``) read these objects and call their methods; keeping
them free of Flet lets a test drive a whole session without a page.
"""
