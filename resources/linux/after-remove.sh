#!/bin/bash
# The deb's post-removal script (deb.afterRemove in electron-builder.yml): electron-builder's own
# (app-builder-lib/templates/linux/after-remove.tpl), then the browser companion's cleanup.
# electron-builder fills in the ${…} macros at packaging; shell variables here are written $name.

# Delete the link to the binary
# update-alternatives --remove <name> <path>: 'path' must be the registered alternative binary,
# not the generic symlink — see https://man7.org/linux/man-pages/man1/update-alternatives.1.html
if type update-alternatives >/dev/null 2>&1; then
    update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/${executable}'
else
    rm -f '/usr/bin/${executable}'
fi

APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'

# Remove and unload apparmor profile.
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
  # Unload the profile from the running kernel before deleting the file so the
  # policy is not left enforced until the next reboot.  Mirror the chroot guard
  # used in the after-install script — live AppArmor operations are not
  # meaningful inside a chroot.
  # https://wiki.debian.org/AppArmor/HowToUse
  if apparmor_status --enabled > /dev/null 2>&1; then
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
    fi
  fi
  rm -f "$APPARMOR_PROFILE_DEST"
fi

# The browser companion (docs/companion.md, "Registration"). Each user who ran the app has host
# manifests in their browsers' folders and a launch file, all in their home. On removal or purge
# (not on an upgrade: the new version registers again at its start), for each local user with a
# home (uid 1000 and up), this removes, as that user (runuser: a link planted in a home cannot make
# root remove anything that user could not), the manifests at the default places (~/.config, ~/.mozilla and
# the Flatpak browsers' folders) that name this package's relay, and the launch file that names
# this package's executable. It cannot reach a user's XDG_CONFIG_HOME elsewhere, users the system
# does not list (a directory without enumeration), or homes not mounted now; a manifest left
# behind names a relay that is gone, and the browser reports the host as missing.
if [ "$1" = "remove" ] || [ "$1" = "purge" ]; then
  relay='/opt/${sanitizedProductName}/resources/relay/assistant-relay'
  program='/opt/${sanitizedProductName}/${executable}'
  # shellcheck disable=SC2016 # expanded by the user's shell below, not here
  cleanup='
    home=$1 relay=$2 program=$3
    for dir in .config/google-chrome .config/chromium .config/microsoft-edge \
      .config/BraveSoftware/Brave-Browser \
      .var/app/com.google.Chrome/config/google-chrome \
      .var/app/org.chromium.Chromium/config/chromium \
      .var/app/com.microsoft.Edge/config/microsoft-edge \
      .var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser .mozilla; do
      # Firefox reads its own folder name (and its manifest lists extension ids, not origins).
      hosts=NativeMessagingHosts
      [ "$dir" = .mozilla ] && hosts=native-messaging-hosts
      file="$home/$dir/$hosts/com.assistant.desktop.companion.json"
      if [ -f "$file" ] && [ ! -L "$file" ] && grep -qF "\"$relay\"" "$file"; then
        rm -f "$file"
      fi
    done
    folder="$home/.config/assistant-desktop/companion"
    if [ -f "$folder/launch" ] && [ ! -L "$folder/launch" ] &&
      [ "$(head -n 1 "$folder/launch")" = "$program" ]; then
      # The address the app last listened at goes with it: it names nothing once the app is gone.
      rm -f "$folder/launch" "$folder/address"
      rmdir "$folder" "$home/.config/assistant-desktop" 2>/dev/null
    fi
    exit 0
  '
  getent passwd | while IFS=: read -r user _ uid _ _ home _; do
    case "$uid" in '' | *[!0-9]*) continue ;; esac
    if [ "$uid" -lt 1000 ] || [ "$uid" -eq 65534 ] || [ ! -d "$home" ]; then continue; fi
    runuser -u "$user" -- sh -c "$cleanup" sh "$home" "$relay" "$program" </dev/null || true
  done
fi
exit 0
