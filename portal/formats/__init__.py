"""Date formats for our language codes that Django ships under other names
(``zh_Hans``, ``nb``; docs/design.md "Languages"), found through FORMAT_MODULE_PATH."""
