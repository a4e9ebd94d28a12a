"""The Flet shell: one state object per browser session, views that only read it."""
