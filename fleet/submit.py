"""Entry script for spark-submit (`spark-submit … fleet/submit.py evaluate|train|plan …`), with
the package shipped by --py-files."""

import sys

from reveille_fleet.__main__ import main

sys.exit(main())
