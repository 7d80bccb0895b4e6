"""The time of one Python call, as the benchmarks set it beside topostat's: wall and CPU seconds of the one call,
or, when it took less than a second, the median of 9 calls (by wall time; a call of a few milliseconds moves by a
millisecond from one to the next), as bench/timed.sh times a process."""
import time


def timed(call):
    """(wall, cpu, the last call's result)."""
    runs = []
    while len(runs) < (1 if runs and runs[0][0] >= 1 else 9):
        w0, c0 = time.perf_counter(), time.process_time()
        result = call()
        runs.append((time.perf_counter() - w0, time.process_time() - c0))
    wall, cpu = sorted(runs)[len(runs) // 2]
    return wall, cpu, result
