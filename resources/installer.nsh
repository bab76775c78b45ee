; electron-builder NSIS include (nsis.include in electron-builder.yml). electron-builder registers
; URL protocols on macOS only; this registers assistant:// for the current user at install time
; (the installer is per-user: HKCU, no elevation) and removes the key on uninstall, so deep links
; work before the first run and nothing is left behind. On uninstall it also removes the browser
; companion's registration, and both stop the companion's relay before they replace or remove files.

; electron-builder's check that closes the app before files are replaced (installer) or removed
; (uninstaller; an update runs the old one too), then the relay: a browser holds it open while the
; extension is connected, and a relay still waiting for the app (or started again by the extension
; meanwhile) would lock resources\relay\assistant-relay.exe, so the update would keep the old
; relay and the uninstall leave it behind. Stopping it is safe: it keeps nothing, and the browser
; starts it again at the extension's next connection. Only this user's (a per-user install runs
; as the user), by the full path of taskkill, without /T: a relay's child is the app it started,
; which electron-builder's check has closed its own way. The same two macros as electron-builder's
; own CHECK_APP_RUNNING (test/unit/packaging/companion-uninstall.test.ts holds them to it).
!macro customCheckAppRunning
  !insertmacro IS_POWERSHELL_AVAILABLE
  !insertmacro _CHECK_APP_RUNNING
  ; $R9 is kept for whatever section or function this runs in.
  Push $R9
  ReadEnvStr $R9 USERNAME
  nsExec::Exec `"$SYSDIR\taskkill.exe" /F /IM assistant-relay.exe /FI "USERNAME eq $R9"`
  ; Its exit code, 0 stopped or 128 none running: either way the files are free now.
  Pop $R9
  Pop $R9
!macroend

!macro customInstall
  WriteRegStr HKCU "Software\Classes\assistant" "" "URL:Assistant Desktop"
  WriteRegStr HKCU "Software\Classes\assistant" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\assistant\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "Software\Classes\assistant\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKCU "Software\Classes\assistant"
  ; The browser companion's registration (electron/companion/registration/registration.ts): each browser's
  ; native-messaging key, the host manifest they point at, the launch and address files. Not on an update,
  ; which runs this uninstaller too: the new version registers again at its start. The same as
  ; `"Assistant Desktop.exe" --unregister-companion`, without starting the app.
  ${ifNot} ${isUpdated}
    DeleteRegKey HKCU "Software\Google\Chrome\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\Chromium\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\Microsoft\Edge\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\com.assistant.desktop.companion"
    DeleteRegKey HKCU "Software\Mozilla\NativeMessagingHosts\com.assistant.desktop.companion"
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\com.assistant.desktop.companion.json"
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\com.assistant.desktop.companion.firefox.json"
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\launch"
    ; The address the app last listened at (every start writes it): it names nothing once gone.
    Delete "$LOCALAPPDATA\Assistant Desktop\companion\address"
    ; Only when empty (RMDir without /r).
    RMDir "$LOCALAPPDATA\Assistant Desktop\companion"
    RMDir "$LOCALAPPDATA\Assistant Desktop"
  ${endIf}
!macroend
