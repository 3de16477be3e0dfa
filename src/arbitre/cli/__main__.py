import sys

from arbitre.cli import main

sys.exit(main())
