"""The one exception of upc_mir."""


class MirError(Exception):
    """A request could not be made, or the program answered it with an
    errors document (MIR, section 7): messages holds each error's text."""

    def __init__(self, *messages):
        self.messages = [str(m) for m in messages]
        super().__init__("; ".join(self.messages))
