"""A pipe between the processes of ``arbitre serve --processes N`` whose writing never
blocks: a request that tells something through it never waits for the reader."""

from __future__ import annotations

import os


class Pipe:
    def __init__(self) -> None:
        self.read_end, self.write_end = os.pipe()
        os.set_blocking(self.write_end, False)

    def write(self, data: bytes) -> bool:
        """Whether ``data`` is in the pipe, whole (a write of at most ``PIPE_BUF`` bytes, 512
        or more, is never mixed with another's); else the pipe is full or nobody reads it."""
        try:
            return os.write(self.write_end, data) == len(data)
        except OSError:  # full (BlockingIOError), or no reader any more (BrokenPipeError)
            return False

    def close(self) -> None:
        close_quietly(self.read_end, self.write_end)


def close_quietly(*fds: int) -> None:
    """Close these file descriptors, those already closed (or -1, none) left as they are."""
    for fd in fds:
        if fd >= 0:
            try:
                os.close(fd)
            except OSError:
                pass
