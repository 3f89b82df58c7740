"""The words a player reads, as pure functions of the service's values and a `Localizer`.

No Discord objects: the front end passes names already escaped for message text.
"""
