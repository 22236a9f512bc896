#!/bin/sh
# Executes every notebook in this folder headless with nbclient, in the notebooks folder, without
# writing outputs back (the committed notebooks stay output-free). A notebook whose metadata lists
# `reveille.requires` commands that this build of the CLI lacks is skipped, with a note.
#
#   REVEILLE_BIN   the CLI (default: .build/release/reveille, relative to the repository root: the
#                  build README makes with `swift build -c release --static-swift-stdlib`)
#   NOTEBOOK_TIMEOUT  seconds per cell (default 300)
# Needs: python3 with the packages in notebooks/requirements.txt. Exit status: 0 when every
# runnable notebook ran, 1 when one failed, 2 when setup is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bin=${REVEILLE_BIN:-.build/release/reveille}
case $bin in /*) ;; *) bin="$root/$bin" ;; esac
if [ ! -x "$bin" ]; then
    echo "run.sh: $bin is not an executable; build it with 'swift build -c release --static-swift-stdlib' (as README does) or set REVEILLE_BIN" >&2
    exit 2
fi
export REVEILLE_BIN="$bin"
cd "$here"
exec python3 - "$@" <<'PY'
import pathlib, re, subprocess, sys, os

try:
    import nbformat
    from nbclient import NotebookClient
except ImportError as error:
    print(f"run.sh: {error}; pip install -r notebooks/requirements.txt", file=sys.stderr)
    sys.exit(2)

help_text = subprocess.run([os.environ["REVEILLE_BIN"], "--help"], capture_output=True, text=True, check=True).stdout
available = set(re.findall(r"^  ([a-z][a-z-]*)\s", help_text.split("SUBCOMMANDS:", 1)[-1], flags=re.M))
timeout = int(os.environ.get("NOTEBOOK_TIMEOUT", "300"))
wanted = sys.argv[1:] or sorted(str(p) for p in pathlib.Path(".").glob("*.ipynb"))
failed = 0
for name in wanted:
    notebook = nbformat.read(name, as_version=4)
    missing = sorted(set(notebook.metadata.get("reveille", {}).get("requires", [])) - available)
    if missing:
        print(f"skip {name}: reveille lacks {', '.join(missing)}")
        continue
    try:
        NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": "."}}).execute()
        print(f"ok   {name}")
    except Exception as error:  # report and go on with the next notebook
        failed += 1
        print(f"FAIL {name}: {str(error)[-2000:]}", file=sys.stderr)
sys.exit(1 if failed else 0)
PY
