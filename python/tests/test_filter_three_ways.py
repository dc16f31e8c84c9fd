"""One filter, three clients: `seebatch filter`, Python's Filter.filter_file
and a C program that uses include/ alone (tests/training/filter_file_client.c,
seebatch_training_filter_file) write the same bytes from plain, bin and
binpack input, damaged inputs included: the same bytes before the fault and
the same fault, at the same byte and entry."""
import os
import re
import subprocess

import pytest

import seebatch
from conftest import cli_path, run_cli, run_cli_into
from training_data import make_games

RULES = [[], ["--skip-capture"], ["--skip-see-ge", "0", "--skip-placeholder"]]


def client_path():
    return os.path.join(os.path.dirname(cli_path()), "tests", "filter_file_client")


def run_client(source, output, format, threads, rules):
    """(exit status, "read R kept K", the fault line or None) of the C client."""
    client = client_path()
    if not os.path.exists(client):
        pytest.skip(f"{client} is not built (configure with SEEBATCH_TESTS=ON)")
    result = subprocess.run([client, str(source), str(output), format, str(threads), *rules],
                            capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    lines = result.stdout.splitlines()
    return result.returncode, lines[0], lines[1] if len(lines) > 1 else None


def inputs(tmp_path):
    """{name: path} of clean and damaged binpack, plain and bin files."""
    binpack, plain = make_games(tmp_path, 31, 40)
    bin_file = str(tmp_path / "games.bin")
    result = run_cli("convert", plain, bin_file)
    assert result.returncode == 0, result.stderr
    files = {"binpack": binpack, "plain": plain, "bin": bin_file}
    data = bytearray(open(binpack, "rb").read())
    second = 8 + int.from_bytes(data[4:8], "little")
    damaged = {
        "binpack truncated": bytes(data[:len(data) * 2 // 3]),
        "binpack corrupt": bytes(data[:len(data) * 2 // 3] + bytes([data[len(data) * 2 // 3] ^ 0xFF])
                                 + data[len(data) * 2 // 3 + 1:]),
        "binpack bad magic": bytes(data[:second + 1] + bytes([data[second + 1] ^ 0xFF])
                                   + data[second + 2:]),
        "bin truncated": open(bin_file, "rb").read()[:40 * 300 + 17],
    }
    lines = open(plain, "rb").read().split(b"\n")
    at = [i for i, line in enumerate(lines) if line.startswith(b"move ")][200]
    lines[at] = b"move z9z9"  # a move that does not parse, in the middle of the file
    damaged["plain bad move"] = b"\n".join(lines)
    for name, content in damaged.items():
        kind = name.split()[0]
        path = tmp_path / (name.replace(" ", "_") + "." + kind)
        path.write_bytes(content)
        files[name] = str(path)
    return files


@pytest.mark.parametrize("rules", RULES, ids=lambda r: " ".join(r) or "no rules")
def test_the_tool_python_and_a_c_program_write_the_same_bytes(tmp_path, rules):
    for name, source in inputs(tmp_path).items():
        for output in ("binpack", "plain", "bin"):
            tag = f"{name.replace(' ', '_')}.{output}"
            c_out, python_out, tool_out = (tmp_path / f"{who}_{tag}" for who in ("c", "py", "tool"))
            status, counts, fault = run_client(source, c_out, output, 1, rules)
            assert (status != 0) == (" " in name), (tag, fault)  # the damaged ones fault
            # More threads than chunks at once change nothing.
            threads_out = tmp_path / f"c3_{tag}"
            assert run_client(source, threads_out, output, 3, rules) == (status, counts, fault)
            assert threads_out.read_bytes() == c_out.read_bytes(), tag
            if name == "binpack":  # many threads: a part's buffers made only when it is cut
                assert run_client(source, threads_out, output, 200, rules) == (status, counts, fault)
                assert threads_out.read_bytes() == c_out.read_bytes(), tag
            try:
                read, kept = seebatch.Filter(rules).filter_file(source, python_out, format=output)
                raised = None
            except seebatch.TrainingDataError as error:
                raised = error
            tool = run_cli("filter", *rules, "--output-format", output, "--output", str(tool_out),
                           source)
            if status != 0:
                # A run that fails makes no --output file (issue 83); what it
                # wrote before the fault is on standard output.
                assert not tool_out.exists() and tool.returncode == 1, (tag, tool.stderr)
                assert f"{tool_out} was not made: the run failed" in tool.stderr, tag
                tool = run_cli_into(tool_out, "filter", *rules, "--output-format", output, source)
            if status == 0:
                assert raised is None, (tag, str(raised))
                assert counts == f"read {read} kept {kept}", tag
                assert tool.returncode == 0, tool.stderr
                assert f"{read} entries read, {kept} kept" in tool.stderr, (tag, tool.stderr)
            else:
                # "fault byte B entry E: SOURCE: byte B, entry E: why" (or "line L").
                match = re.match(r"fault byte (\d+) entry (\d+): (.*)", fault)
                assert match, fault
                # The C program's message may show a long SOURCE as "..." and
                # its end, to keep the place and why whole in 256 bytes;
                # Python and the tool name it whole.
                name_end = os.path.basename(source) + ": "
                message = match.group(3).split(name_end, 1)[1]
                assert raised is not None, tag
                assert (raised.byte_offset, raised.entry) == (int(match.group(1)),
                                                              int(match.group(2))), tag
                assert str(raised) == f"filter_file: {source}: {message}", tag
                assert tool.returncode == 1, (tag, tool.stderr)
                if name.startswith("plain "):
                    # The tool skips the bad block and reads on: what an end
                    # there leaves unread is no part of its message.
                    assert "; not read: " in message, tag
                    message = message.split("; not read: ")[0]
                assert f"{source}: {message}" in tool.stderr, (tag, message, tool.stderr)
            assert python_out.read_bytes() == c_out.read_bytes(), tag
            if name.startswith("plain "):
                # The tool reports a bad plain block and goes on to the next
                # one, by the same library call with the job's skip hook: a C
                # program that skips writes its bytes, with its counts, and
                # names the blocks it names.
                skip_out = tmp_path / f"cskip_{tag}"
                skipping = subprocess.run([client_path(), "--skip", str(source), str(skip_out),
                                           output, "1", *rules], capture_output=True, text=True)
                assert skipping.returncode == 0, (tag, skipping.stdout, skipping.stderr)
                *skips, skip_counts = skipping.stdout.splitlines()
                assert skips, tag
                for line in skips:
                    said = re.match(r"skipped byte \d+ entry \d+: (.*)", line)
                    assert said and said.group(1) in tool.stderr, (tag, line, tool.stderr)
                read, kept = re.match(r"read (\d+) kept (\d+)", skip_counts).groups()
                assert f"{read} entries read, {kept} kept" in tool.stderr, (tag, tool.stderr)
                assert skip_out.read_bytes() == tool_out.read_bytes(), tag
                # Without the hook the call ends at the block: the same
                # entries before it (a binpack's chunk header counts the
                # chunk's bytes, so its entries are compared).
                ours, tools = (seebatch.read_training_all(path) for path in (c_out, tool_out))
                assert 0 < len(ours.moves) < len(tools.moves), tag
                for mine, theirs in zip(ours, tools):
                    assert (mine == theirs[:len(mine)]).all(), tag
                if output != "binpack":
                    assert tool_out.read_bytes().startswith(c_out.read_bytes()), tag
            else:
                assert tool_out.read_bytes() == c_out.read_bytes(), tag
