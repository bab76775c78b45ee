/*
 * A stand-in for Windows' bcryptprimitives.dll, for Wine 8 only (scripts/windows-tests): Wine 8
 * ships no such DLL, and Rust programs since Rust 1.78 (the companion's relay, the bindings of
 * Vite's bundler and CSS minifier) import ProcessPrng from it, so they fail to load there with
 * "Module not found". It exports that one function over RtlGenRandom, which Wine has. Never
 * shipped: Windows 10 and later have the real DLL.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom, in advapi32 */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
  /* RtlGenRandom takes a 32-bit length; ProcessPrng a pointer-sized one. */
  while (size > 0) {
    ULONG chunk = size > 0x10000000 ? 0x10000000 : (ULONG)size;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    size -= chunk;
  }
  return TRUE;
}
