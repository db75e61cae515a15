#ifndef ICONPICK_CNCURSES_SHIM_H
#define ICONPICK_CNCURSES_SHIM_H

// The wide-character API (wget_wch, cchar_t) is only declared with this set. (No feature-test
// macros here: they change how the C library's headers declare fd_set, which other modules
// import too, and a clean build then refuses the two definitions.)
#define NCURSES_WIDECHAR 1

#include <dlfcn.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <curses.h>
#include <term.h>

// ncurses (with its terminfo library) is opened the first time it is needed, not linked: mapping
// and relocating it cost every command about 0.5 M instructions at start, half of what the
// binary's start-up cost over FoundationEssentials' floor, and only the picker and the colour
// lookup of `show` and `list` use it. Each function the module calls is found with dlsym once
// (`CN_FORWARD`); the curses.h macros that only read a WINDOW's fields need no library.

static inline void *cn_library(void) {
    static void *handle;
    static int tried;
    if (!tried) {
        tried = 1;
        // ICONPICK_NCURSES_SONAME names another file (the tests name one that is not there).
        const char *name = getenv("ICONPICK_NCURSES_SONAME");
        handle = dlopen(name != NULL && name[0] != 0 ? name : "libncursesw.so.6",
                        RTLD_NOW | RTLD_LOCAL);
    }
    return handle;
}

// Opens ncurses; false when it cannot be opened (`cn_open_error` says why).
static inline bool cn_open(void) { return cn_library() != NULL; }

static inline const char *cn_open_error(void) {
    const char *reason = dlerror();
    return reason != NULL ? reason : "libncursesw.so.6 cannot be opened";
}

static inline void *cn_symbol(const char *name) {
    void *handle = cn_library();
    return handle != NULL ? dlsym(handle, name) : NULL;
}

// cn_NAME: NAME, found in the library on the first call.
#define CN_FORWARD(type, name, params, args) \
    static inline type cn_##name params { \
        static __typeof__(&name) function; \
        if (function == NULL) function = (__typeof__(&name))cn_symbol(#name); \
        return function args; \
    }

CN_FORWARD(int, clearok, (WINDOW *w, bool b), (w, b))
CN_FORWARD(int, curs_set, (int v), (v))
CN_FORWARD(void, delscreen, (SCREEN *s), (s))
CN_FORWARD(int, doupdate, (void), ())
CN_FORWARD(int, endwin, (void), ())
CN_FORWARD(int, getmouse, (MEVENT *e), (e))
CN_FORWARD(bool, has_colors, (void), ())
CN_FORWARD(int, init_extended_pair, (int p, int f, int b), (p, f, b))
CN_FORWARD(int, intrflush, (WINDOW *w, bool b), (w, b))
CN_FORWARD(int, keypad, (WINDOW *w, bool b), (w, b))
CN_FORWARD(int, leaveok, (WINDOW *w, bool b), (w, b))
CN_FORWARD(int, mouseinterval, (int v), (v))
CN_FORWARD(mmask_t, mousemask, (mmask_t m, mmask_t *o), (m, o))
CN_FORWARD(int, mvwaddstr, (WINDOW *w, int y, int x, const char *t), (w, y, x, t))
CN_FORWARD(SCREEN *, newterm, (const char *t, FILE *o, FILE *i), (t, o, i))
CN_FORWARD(int, noecho, (void), ())
CN_FORWARD(int, nonl, (void), ())
CN_FORWARD(int, raw, (void), ())
CN_FORWARD(int, set_escdelay, (int v), (v))
CN_FORWARD(SCREEN *, set_term, (SCREEN *s), (s))
CN_FORWARD(int, start_color, (void), ())
CN_FORWARD(int, use_default_colors, (void), ())
CN_FORWARD(int, werase, (WINDOW *w), (w))
CN_FORWARD(int, wget_wch, (WINDOW *w, wint_t *c), (w, c))
CN_FORWARD(int, wnoutrefresh, (WINDOW *w), (w))
CN_FORWARD(int, wredrawln, (WINDOW *w, int b, int n), (w, b, n))
CN_FORWARD(int, wrefresh, (WINDOW *w), (w))
CN_FORWARD(void, wtimeout, (WINDOW *w, int d), (w, d))
CN_FORWARD(char *, tigetstr, (const char *n), (n))
CN_FORWARD(int, tigetflag, (const char *n), (n))
CN_FORWARD(int, tigetnum, (const char *n), (n))
CN_FORWARD(int, wattr_set, (WINDOW *w, attr_t a, NCURSES_PAIRS_T p, void *o), (w, a, p, o))
CN_FORWARD(int, setupterm, (const char *t, int f, int *e), (t, f, e))

// Swift cannot import function-like macros or mutable C globals (Swift 6 rejects
// them as shared mutable state), so each is wrapped in a small inline function.

// ncurses' variables, found once like its functions.
static inline WINDOW *cn_stdscr(void) {
    static WINDOW **variable;
    if (variable == NULL) variable = (WINDOW **)cn_symbol("stdscr");
    return *variable;
}
static inline int cn_colors(void) {
    static int *variable;
    if (variable == NULL) variable = (int *)cn_symbol("COLORS");
    return *variable;
}
static inline int cn_color_pairs(void) {
    static int *variable;
    if (variable == NULL) variable = (int *)cn_symbol("COLOR_PAIRS");
    return *variable;
}
static inline int cn_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline void cn_getmaxyx(WINDOW *win, int *rows, int *cols) {
    int y, x;
    getmaxyx(win, y, x);
    *rows = y;
    *cols = x;
}

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }

// Extended colour pairs (above 255) are passed through wattr_set's opts pointer.
static inline int cn_set_attributes(WINDOW *win, attr_t attrs, int pair) {
    return cn_wattr_set(win, attrs, 0, &pair);
}

static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

// tigetstr answers (char *)-1 for a name that is not a string capability.
static inline bool cn_has_capability(const char *name) {
    char *value = cn_tigetstr(name);
    return value != NULL && value != (char *)-1;
}

// Direct colour: terminfo's RGB flag (ncurses 6.1+), and enough colours for 24-bit values.
static inline bool cn_has_direct_color(void) {
    return cn_tigetflag("RGB") > 0 && cn_colors() >= 0x1000000;
}

// For output without a screen (`iconpick show`): what terminfo says about `term`.
// Returns false when terminfo has no entry for it.
// Without ncurses installed, no entry either.
static inline bool cn_terminfo_colors(const char *term, int *colors, bool *rgb) {
    int error = 0;
    if (!cn_open() || cn_setupterm(term, -1, &error) != 0) return false;
    int count = cn_tigetnum("colors");
    *colors = count > 0 ? count : 0;
    *rgb = cn_tigetflag("RGB") > 0;
    return true;
}

static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_up(void) { return KEY_UP; }
static inline int cn_key_down(void) { return KEY_DOWN; }
static inline int cn_key_left(void) { return KEY_LEFT; }
static inline int cn_key_right(void) { return KEY_RIGHT; }
static inline int cn_key_ppage(void) { return KEY_PPAGE; }
static inline int cn_key_npage(void) { return KEY_NPAGE; }
static inline int cn_key_home(void) { return KEY_HOME; }
static inline int cn_key_end(void) { return KEY_END; }
static inline int cn_key_enter(void) { return KEY_ENTER; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_key_backspace(void) { return KEY_BACKSPACE; }

#endif
