#ifndef ICONPICK_CNCURSES_SHIM_H
#define ICONPICK_CNCURSES_SHIM_H

// The wide-character API (wget_wch, cchar_t) is only declared with this set.
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <curses.h>

// Swift cannot import function-like macros or mutable C globals (Swift 6 rejects
// them as shared mutable state), so each is wrapped in a small inline function.

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
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
    return wattr_set(win, attrs, 0, &pair);
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
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

// Direct colour: terminfo's RGB flag (ncurses 6.1+), and enough colours for 24-bit values.
static inline bool cn_has_direct_color(void) {
    return tigetflag("RGB") > 0 && COLORS >= 0x1000000;
}

// For output without a screen (`iconpick show`): what terminfo says about `term`.
// Returns false when terminfo has no entry for it.
extern int setupterm(const char *, int, int *);
static inline bool cn_terminfo_colors(const char *term, int *colors, bool *rgb) {
    int error = 0;
    if (setupterm(term, -1, &error) != 0) return false;
    int count = tigetnum("colors");
    *colors = count > 0 ? count : 0;
    *rgb = tigetflag("RGB") > 0;
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
