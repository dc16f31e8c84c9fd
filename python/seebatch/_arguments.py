"""The whole-number arguments of the package's functions (threads, seeds,
sizes), checked before any work as the tool checks its options: a value out
of its range raises ValueError naming the function, the argument, the value
and the range (the tool's own: -j at most 256, --seed at most 2^63 - 1), and
arrays too big for memory raise a MemoryError saying which argument asked
for them, not numpy's text of the whole record type."""
import operator
import os

MOST_THREADS = 256  # the tool's -j
MOST_SEED = 2**63 - 1  # the tool's --seed
# A batch, a portion or a shuffle buffer numbers its entries in 32 bits.
MOST_ENTRIES = 2**32 - 1


def whole(where, name, value, least, most, what="a whole number"):
    """value as an int when it is a whole number in least..most (an integral
    float too); else ValueError naming the argument, its value and the range."""
    try:
        number = operator.index(value)
    except TypeError:
        number = int(value) if isinstance(value, float) and value.is_integer() else None
    if number is None or not least <= number <= most:
        raise ValueError(f"{where}: {name} is {value!r}; {what} {least}..{most} is needed")
    return number


def cores_allowed():
    """The cores this process may run on (its affinity, where the system
    says it; else the cores there are), at most MOST_THREADS: what threads=0
    asks for, as the tool's -j 0."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_THREADS))


def allocated(where, name, count, make, entry_bytes):
    """make(count), with a MemoryError that names the argument that asked
    for count entries and what they need, where memory runs out."""
    try:
        return make(count)
    except MemoryError:
        raise MemoryError(f"{where}: {name}={count} asks for {count * entry_bytes / 1e9:.3g} GB "
                          f"of arrays ({entry_bytes} bytes an entry), more than this process "
                          f"can have; give a smaller {name}") from None
