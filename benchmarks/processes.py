"""What a benchmark reads of other processes (/proc), and a CPU cap on them (cgroups).

A cap holds a process and every process it starts to a share of the machine's CPU (0.35: at
most 35% of one core's time, whatever the load), with the kernel's completely fair scheduler
quota: on cgroup v2 a group's `cpu.max`, on cgroup v1 `cpu.cfs_quota_us` over
`cpu.cfs_period_us`. Making one needs a mounted cpu controller this process may write (root, or
a delegated subtree); where there is none, `CpuCap.make` says why in `CapUnavailableError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import Iterable
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
PERIOD_US = 100_000  # the kernel's default quota period


class CapUnavailableError(RuntimeError):
    """This machine offers no CPU cap to this process (the reason is the message)."""


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError):  # gone meanwhile
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (not its children), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def total_cpu_seconds(pids: Iterable[int]) -> float:
    """The CPU time of these processes (one that ended meanwhile counts nothing)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def server_cpu_seconds() -> float:
    """CPU time of every PostgreSQL server process on this machine (none: 0)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    total += cpu_seconds(int(entry.name))
            except OSError:  # gone meanwhile
                continue
    return total


def peak_rss_mb(pid: int) -> float:
    """The most memory the process has held resident (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


def _cpu_controllers() -> list[tuple[Path, int]]:
    """Mounted cgroup hierarchies with the cpu controller: (mount point, version)."""
    found = []
    for line in Path("/proc/mounts").read_text().splitlines():
        _, point, kind, options, *_ = line.split()
        if kind == "cgroup" and "cpu" in options.split(","):
            found.append((Path(point), 1))
        elif kind == "cgroup2":
            controllers = Path(point) / "cgroup.controllers"
            with contextlib.suppress(OSError):
                if "cpu" in controllers.read_text().split():
                    found.append((Path(point), 2))
    return sorted(found, key=lambda mount: -mount[1])  # v2 first where both are offered


class CpuCap:
    """A cgroup of its own capping the processes that join it at `share` of one core."""

    def __init__(self, folder: Path, share: float) -> None:
        """The cgroup at `folder`, already capped."""
        self.folder = folder
        self.share = share

    @classmethod
    def make(cls, share: float) -> CpuCap:
        """A new capped cgroup; `CapUnavailableError` where the system offers none."""
        if not 0 < share <= (os.cpu_count() or 1):
            raise ValueError(f"a CPU cap is a share of the cores above 0, not {share}")
        mounts = _cpu_controllers()
        if not mounts:
            raise CapUnavailableError("no cgroup hierarchy with the cpu controller is mounted")
        quota = max(1000, round(share * PERIOD_US))
        reasons = []
        for point, version in mounts:
            folder = point / f"duelboard-bench-{uuid.uuid4().hex[:8]}"
            try:
                folder.mkdir()
            except OSError as error:
                reasons.append(f"{point}: {error.strerror}")
                continue
            try:
                if version == 2:
                    (folder / "cpu.max").write_text(f"{quota} {PERIOD_US}")
                else:
                    (folder / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                    (folder / "cpu.cfs_quota_us").write_text(str(quota))
            except OSError as error:
                folder.rmdir()
                reasons.append(f"{point}: {error.strerror}")
                continue
            return cls(folder, share)
        raise CapUnavailableError("no cgroup could be made and capped: " + "; ".join(reasons))

    def join(self) -> None:
        """Move the calling process into the cgroup (its children started after follow it):
        called in the child between fork and exec."""
        (self.folder / "cgroup.procs").write_text(str(os.getpid()))

    async def remove(self) -> None:
        """Remove the cgroup once every process in it has ended (a bot's drawing and computer
        processes end just after it); one still busy after 10 s is left, and said so."""
        for _ in range(100):
            try:
                self.folder.rmdir()
                return
            except OSError:
                await asyncio.sleep(0.1)
        print(f"{self.folder} still holds processes: remove it once they end")
