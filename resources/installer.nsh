; electron-builder NSIS include (nsis.include in electron-builder.yml). electron-builder registers
; URL protocols on macOS only; this registers assistant:// for the current user at install time
; (the installer is per-user: HKCU, no elevation) and removes the key on uninstall, so deep links
; work before the first run and nothing is left behind.
!macro customInstall
  WriteRegStr HKCU "Software\Classes\assistant" "" "URL:Assistant Desktop"
  WriteRegStr HKCU "Software\Classes\assistant" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\assistant\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "Software\Classes\assistant\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKCU "Software\Classes\assistant"
!macroend
