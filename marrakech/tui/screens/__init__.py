"""The secondary screens: new game, results, help, replay and small dialogs."""
