"""``python -m parlour``: the same as the ``parlour`` command."""

try:
    from parlour.cli import main
except KeyboardInterrupt:  # Ctrl-C while the engine loads: stop quietly, as the command does
    raise SystemExit(130) from None

raise SystemExit(main())
