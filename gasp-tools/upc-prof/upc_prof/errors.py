"""The error upc-prof reports: a message naming the file (exit status 1)."""


class Error(Exception):
    pass
