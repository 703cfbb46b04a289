from engine.core.cli import main

raise SystemExit(main())
