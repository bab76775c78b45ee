// Whether the panel runs in a browser on Linux, from its user agent: there, "Assistant Desktop
// isn't installed" may also mean a browser the companion cannot work with (a Snap, whose browser
// starts no native-messaging host, or a Flatpak, whose sandbox cannot run the relay), and the
// panel says which browsers work. ChromeOS says "CrOS" and Android "Android", never alone "Linux".
export function runsOnLinux(userAgent: string): boolean {
  return /\bLinux\b/.test(userAgent) && !/\b(?:Android|CrOS)\b/.test(userAgent);
}
