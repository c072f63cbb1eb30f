/* html_table — an ec_table as an HTML <table>. Every cell is escaped.
 * Interactive tables carry data-sort keys and a filter box that the inline
 * script (assets/report.js) wires up; without the script they read as plain
 * tables. */
#ifndef EC_HTML_TABLE_H
#define EC_HTML_TABLE_H
#include "util/buf.h"
#include "draw/table.h"

/** Append t as HTML to out. */
void ec_render_table_html(const ec_table *t, ec_buf *out);

#endif
