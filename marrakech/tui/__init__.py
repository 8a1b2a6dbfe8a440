"""The terminal game: a Textual app over the rules engine and the game session.

``MarrakechApp`` (app.py) pushes the screens in ``screens/``; the widgets in ``widgets/``
only draw what the screen tells them and report clicks, so the engine stays the one place
where the rules live.
"""
