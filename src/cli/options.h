/* cli/options — the one table of enginecard's commands and options. The
 * parser accepts an option only when this table lists it for the command
 * (ec_cli_parse looks every option up here before a command sees it), and
 * --help, the man page enginecard(1), the bash, zsh and fish completions and
 * the README's synopsis are all generated from it (enginecard --generate
 * WHAT), so none of them can drift from what the parser accepts.
 *
 * Each row also binds the option to the field of ec_common (cli.h) it sets
 * and says how its value is read (EC_BIND_*), as git's OPT_* rows do: the
 * parser sets the field, a command reads it, and no command matches an
 * option's spelling again (tests/e2e/options.sh fails on a spelling in
 * cli/cmd_*.c). A command's message that names an option asks the table
 * for its spelling (ec_cli_opt_name).
 *
 * Adding an option: one row in ec_options (options.c) with its field, and
 * the field in ec_common. */
#ifndef EC_CLI_OPTIONS_H
#define EC_CLI_OPTIONS_H
#include <stddef.h>
#include <stdio.h>

/* Commands, as bits of ec_option.cmds. */
enum {
  EC_CMD_SUMMARY = 1u << 0,
  EC_CMD_LAYERS = 1u << 1,
  EC_CMD_REPORT = 1u << 2,
  EC_CMD_COMPARE = 1u << 3,
  EC_CMD_TREND = 1u << 4,
  EC_CMD_GRAPH = 1u << 5,
  EC_CMD_LINT = 1u << 6,
  EC_CMD_ALL = (1u << 7) - 1, /* a common option: every command */
  EC_CMD_TOP = 1u << 7        /* before any command (enginecard --version) */
};

/* ec_option.flags */
enum {
  EC_OPT_REPEAT = 1u << 0,  /* may be given several times; each counts */
  EC_OPT_HIDDEN = 1u << 1,  /* accepted, but not in help, man page or completions */
  EC_OPT_REMOVED = 1u << 2, /* no longer accepted: help says why (a usage error) */
  EC_OPT_PATH = 1u << 3,    /* the value is a file: completions offer paths */
  EC_OPT_REQUIRED = 1u << 4 /* the command needs it (shown without brackets) */
};

/* ec_option.bind: how the value reaches its field (the field's type). */
typedef enum {
  EC_BIND_NONE = 0,   /* handled before a command runs (--help, --version) */
  EC_BIND_FLAG,       /* int: set to the row's value */
  EC_BIND_TEXT,       /* const char *: the value as given */
  EC_BIND_WORD,       /* const char *: the value, which may not be empty */
  EC_BIND_LIST,       /* ec_cli_list: appended, with the ENGINE before it */
  EC_BIND_COUNT,      /* long: a whole number >= 0 */
  EC_BIND_POSITIVE,   /* long: a whole number >= 1 */
  EC_BIND_PCT,        /* double: a number >= 0, '%' allowed after it */
  EC_BIND_SECONDS,    /* double: a number > 0 */
  EC_BIND_CHOICE,     /* int: the value's position among the row's choices */
  EC_BIND_METRIC,     /* ec_metric (and metric_given) */
  EC_BIND_CONFIDENCE, /* double: 50 <= PCT < 100, as a fraction */
  EC_BIND_EXPECT      /* ec_expect[EC_CLI_EXPECT_MAX] (and n_expect): --expect-precision */
} ec_bind;

typedef struct ec_option {
  const char *name;    /* the spelling a command's option function sees ("--pdf", "-o") */
  const char *alias;   /* the other spelling ("--output" for -o), or NULL */
  const char *arg;     /* the value's name ("FILE", "PCT"), NULL for a flag */
  const char *choices; /* the value's fixed choices, space-separated, or NULL */
  unsigned cmds;       /* EC_CMD_* bits of the commands that accept it */
  unsigned flags;      /* EC_OPT_* */
  const char *help;    /* one line: --help and completions */
  const char *more;    /* the man page adds this (NULL: nothing) */
  ec_bind bind;        /* how the value is read */
  size_t field;        /* offsetof(ec_common, the field it sets) */
  int set;             /* EC_BIND_FLAG: the value the field takes */
} ec_option;

typedef struct ec_command {
  const char *name;
  unsigned bit;     /* EC_CMD_* */
  const char *args; /* its positional arguments ("ENGINE...") */
  const char *help; /* one line */
  const char *more; /* the man page's paragraph */
} ec_command;

extern const ec_option ec_options[];
extern const size_t ec_n_options;
extern const ec_command ec_commands[];
extern const size_t ec_n_commands;

/** The command named name, or NULL. */
const ec_command *ec_command_find(const char *name);
/** The option spelled arg (its name or alias) that command bit cmd accepts,
 *  or NULL. Two rows may share a name when no command accepts both. */
const ec_option *ec_cli_option_find(const char *arg, unsigned cmd);
/** Some command or the top level accepts an option spelled arg: the bits of
 *  those that do (0: none). */
unsigned ec_cli_option_cmds(const char *arg);

/** The spelling of the option of command bit cmd that sets field
 *  (offsetof(ec_common, ...)), for a message that names it; "?" when none
 *  does (a test fails on it). EC_OPT_NAME(cmd, field) spells it. */
const char *ec_cli_opt_name(unsigned cmd, size_t field);
#define EC_OPT_NAME(cmd, field) ec_cli_opt_name((cmd), offsetof(ec_common, field))

/** Print the usage: every command with its synopsis (cmd NULL), or one
 *  command with its options described. */
void ec_usage(FILE *f, const ec_command *cmd);
/** Write what --generate WHAT names: "man" (enginecard(1), dated by
 *  SOURCE_DATE_EPOCH when set), "bash", "zsh", "fish" (completions),
 *  "synopsis" (the README's Markdown block), "table" (one line per command
 *  and option: command, spelling, value name or "-", flags; for tests).
 *  Returns 0, or -1 for an unknown WHAT. */
int ec_generate(const char *what, FILE *f);
/** Print command c's synopsis after "usage: enginecard " (its positional
 *  arguments and options, as --help shows them). */
void ec_usage_synopsis(FILE *f, const ec_command *c);

#endif
