from chronos_cli.cli import main

main()
