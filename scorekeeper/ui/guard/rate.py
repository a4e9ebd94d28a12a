"""How many messages one connection may send: a burst, then a steady rate no thumb exceeds.

A token bucket rather than a count per time window: a fast typist's few dozen
messages pass at once, a flood runs dry within a second whatever its rhythm,
and the bucket refills by itself, so nothing has to be reset or swept.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: A burst of messages, then a steady rate per second: a thumb typing fast sends a few dozen.
BURST, RATE = 200, 40.0


@dataclass(eq=False)
class Bucket:
    """One connection's budget of messages, refilled at ``RATE`` per second up to ``BURST``."""

    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one message; False once the budget is gone (the connection is flooding)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
