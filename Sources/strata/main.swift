import StrataInterface

CLI.main()
