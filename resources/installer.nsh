; electron-builder NSIS include (nsis.include in electron-builder.yml). electron-builder registers
; URL protocols on macOS only; this registers assistant:// for the current user at install time
; (the installer is per-user: HKCU, no elevation) and removes the key on uninstall, so deep links
; work before the first run and nothing is left behind. On uninstall it also removes the browser
; companion's registration.
!macro customInstall
  WriteRegStr HKCU "Software\Classes\assistant" "" "URL:Assistant Desktop"
  WriteRegStr HKCU "Software\Classes\assistant" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\assistant\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "Software\Classes\assistant\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKCU "Software\Classes\assistant"
  ; The browser companion's registration (electron/core/companion/registration.ts): each browser's
  ; native-messaging key, the host manifest they point at and the launch file. Not on an update,
  ; which runs this uninstaller too: the new version registers again at its start. The same as
  ; `"Assistant Desktop.exe" --unregister-companion`, without starting the app.
  ${ifNot} ${isUpdated}
    DeleteRegKey HKCU "Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\Chromium\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\Microsoft\Edge\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\com.assistant.desktop.companion"
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\com.assistant.desktop.companion.json"
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\launch"
    ; Only when empty (RMDir without /r).
    RMDir "$LOCALAPPDATA\Assistant Desktop\companion"
    RMDir "$LOCALAPPDATA\Assistant Desktop"
  ${endIf}
!macroend
