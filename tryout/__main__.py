"""`python -m tryout` is `python -m bot local`."""

import sys

from tryout.run import main

sys.exit(main(sys.argv[1:]))
