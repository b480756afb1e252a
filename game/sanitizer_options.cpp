// Sanitizer builds only (CF_SANITIZE): Mesa, EGL/GLX and dbus (SDL's x11 path) keep allocations
// for the life of the process; LeakSanitizer should not report them as the game's leaks.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libEGL_mesa.so\nleak:libGLX_mesa.so\nleak:libdbus-1.so\nleak:libgallium\nleak:swrast_dri.so\n";
}
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
