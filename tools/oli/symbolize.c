/* tools/oli/symbolize.c - the frames of call-stack sites (a program not built
 * with the plugin, docs/runtime.md "Programs not built with the plugin")
 * named from each module's DWARF with elfutils' libdw: the innermost
 * function (inlined ones too), its file and line. A site gets the file, line
 * and function of its first frame that has a source line (frames in the C
 * library and other modules without debug information are passed over), so
 * every command shows and matches it as it does a plugin-built site. A
 * module whose file is gone, or whose build ID is not the one the run saw,
 * is not read: its frames keep module + offset, and a site whose first
 * frame with a line may be in it (a module outside /lib and /usr: the
 * program, its own libraries) keeps no name rather than a later frame's (the
 * C library's start-up code named a rebuilt program's sites); one warning
 * per such module. Built without libdw (not found at configure), nothing is
 * named. */
#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef OLI_HAVE_LIBDW
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

typedef struct mod_s {
  char *path, *build_id;
  Dwfl *dwfl;
  Dwfl_Module *m; /* NULL: unreadable or another build */
} mod_t;

static mod_t *mods;
static size_t nmods;
static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

static mod_t *module(const char *path, const char *build_id) {
  for (size_t i = 0; i < nmods; i++)
    if (strcmp(mods[i].path, path) == 0 && strcmp(mods[i].build_id, build_id) == 0) return &mods[i];
  mod_t *g = realloc(mods, (nmods + 1) * sizeof *mods);
  if (!g) return NULL;
  mods = g;
  mod_t *m = &mods[nmods++];
  memset(m, 0, sizeof *m);
  m->path = strdup(path);
  m->build_id = strdup(build_id);
  m->dwfl = dwfl_begin(&callbacks);
  if (!m->path || !m->build_id || !m->dwfl) return m;
  m->m = dwfl_report_offline(m->dwfl, "", path, -1);
  dwfl_report_end(m->dwfl, NULL, NULL);
  if (m->m && build_id[0]) { /* the file must be the one the run had */
    const unsigned char *bits;
    GElf_Addr vaddr;
    int n = dwfl_module_build_id(m->m, &bits, &vaddr);
    char got[2 * 64 + 1] = "";
    if (n > 0 && n <= 64) oli_text_hex(bits, (size_t)n, got, sizeof got);
    if (strcmp(got, build_id) != 0) m->m = NULL;
  }
  return m;
}

/* The innermost function at addr: an inlined subroutine's origin, else the subprogram. */
static Dwarf_Die *innermost_function(Dwarf_Die *scopes, int n, Dwarf_Die *out) {
  for (int i = 0; i < n; i++) {
    int tag = dwarf_tag(&scopes[i]);
    if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine) continue;
    Dwarf_Attribute a;
    if (dwarf_attr_integrate(&scopes[i], DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, out)) return out;
    *out = scopes[i];
    return out;
  }
  return NULL;
}

/* A Fortran module procedure: a subprogram child of a DW_TAG_module
 * (gfortran and flang nest them there, where libdw's scope walk does not
 * look), the one holding pc, or with fn's DIE (an out-of-line instance's or
 * an inlined call's origin) when fn is given; *mod its module's DIE. NULL
 * when none. */
static Dwarf_Die *module_procedure(Dwarf_Die *cu, Dwarf_Addr pc, const Dwarf_Die *fn, Dwarf_Die *out, Dwarf_Die *mod) {
  if (dwarf_child(cu, mod) != 0) return NULL;
  do {
    if (dwarf_tag(mod) != DW_TAG_module || dwarf_child(mod, out) != 0) continue;
    do
      if (dwarf_tag(out) == DW_TAG_subprogram &&
          (fn ? dwarf_dieoffset(out) == dwarf_dieoffset((Dwarf_Die *)fn) : dwarf_haspc(out, pc) == 1))
        return out;
    while (dwarf_siblingof(out, out) == 0);
  } while (dwarf_siblingof(mod, mod) == 0);
  return NULL;
}

/* "module::procedure", as the plugin names a Fortran module procedure, kept
 * for the process (a report's sites point at it). NULL on no memory. */
static const char *qualified(const char *mod, const char *name) {
  static struct q_s { struct q_s *next; char s[]; } *all;
  size_t n = strlen(mod) + 2 + strlen(name) + 1;
  struct q_s *q = malloc(sizeof *q + n);
  if (!q) return NULL;
  snprintf(q->s, n, "%s::%s", mod, name);
  for (struct q_s *p = all; p; p = p->next)
    if (strcmp(p->s, q->s) == 0) return free(q), p->s;
  q->next = all, all = q;
  return q->s;
}

/* Units whose language has modules: only their procedures are looked for
 * in them (a C unit's top level is not walked for every frame). */
static int fortran_unit(Dwarf_Die *cu) {
  switch (dwarf_srclang(cu)) {
  case DW_LANG_Fortran77: case DW_LANG_Fortran90: case DW_LANG_Fortran95:
  case DW_LANG_Fortran03: case DW_LANG_Fortran08: return 1;
  default: return 0;
  }
}

/* The compile unit holding addr: libdw's lookup, which needs .debug_aranges
 * (gcc writes them; clang and flang do not), else the unit whose ranges
 * hold it. NULL when none. */
static Dwarf_Die *unit_at(Dwfl_Module *mod, Dwarf_Addr addr, Dwarf_Addr *bias, Dwarf_Die *buf) {
  Dwarf_Die *cu = dwfl_module_addrdie(mod, addr, bias);
  if (cu) return cu;
  for (Dwarf_Die *d = NULL; (d = dwfl_module_nextcu(mod, d, bias)) != NULL;)
    if (dwarf_haspc(d, addr - *bias) == 1) return *buf = *d, buf;
  return NULL;
}

int cli_symbolize(const oli_doc_frame_t *f, cli_symbol_t *out) {
  memset(out, 0, sizeof *out);
  mod_t *m = module(f->module, f->build_id ? f->build_id : "");
  if (!m || !m->m) return -2;
  if (f->offset == 0) return -1;
  GElf_Addr load = 0; /* where libdw put the module: its link-time addresses + load */
  if (!dwfl_module_getelf(m->m, &load)) return -1;
  Dwarf_Addr addr = f->offset - 1 + load; /* the call, not the instruction after it */
  const char *fn = dwfl_module_addrname(m->m, addr);
  out->function = fn;
  Dwfl_Line *l = dwfl_module_getsrc(m->m, addr);
  int line = 0;
  const char *file = l ? dwfl_lineinfo(l, NULL, &line, NULL, NULL, NULL) : NULL;
  Dwarf_Addr bias = 0;
  Dwarf_Die cubuf, *cu = unit_at(m->m, addr, &bias, &cubuf), *scopes = NULL, fdie;
  if (!file && cu) { /* no .debug_aranges: the unit's own line table */
    Dwarf_Line *dl = dwarf_getsrc_die(cu, addr - bias);
    file = dl ? dwarf_linesrc(dl, NULL, NULL) : NULL;
    if (!dl || dwarf_lineno(dl, &line) != 0) file = NULL;
  }
  int ns = cu ? dwarf_getscopes(cu, addr - bias, &scopes) : 0;
  Dwarf_Die mdie, pdie;
  const char *mod = NULL;
  Dwarf_Die *fd = ns > 0 ? innermost_function(scopes, ns, &fdie) : NULL;
  if (cu && fortran_unit(cu) && (fd ? module_procedure(cu, 0, fd, &pdie, &mdie) : (fd = module_procedure(cu, addr - bias, NULL, &fdie, &mdie))))
    mod = dwarf_diename(&mdie);
  if (fd) {
    const char *name = dwarf_diename(fd);
    if (name && mod) name = qualified(mod, name);
    if (name) out->function = name;
    int decl = 0;
    if (dwarf_decl_line(fd, &decl) == 0 && decl > 0 && line >= decl) out->rel = (uint32_t)(line - decl), out->has_rel = 1;
  }
  free(scopes);
  if (!file || line <= 0) return out->function ? 1 : -1;
  out->file = file;
  out->line = (uint32_t)line;
  return 0;
}

/* A module of the system's (the C and Fortran libraries): passed over when
 * unreadable, as when it has no lines. */
static int system_module(const char *path) { return strncmp(path, "/lib", 4) == 0 || strncmp(path, "/usr/", 5) == 0; }

void cli_symbolize_doc(oli_doc_t *d) {
  const char *warned[8] = {0};
  size_t nwarned = 0;
  for (size_t i = 0; i < d->nsites; i++) {
    oli_doc_site_t *s = &d->sites[i];
    if (!s->nframes || (s->file && s->file[0])) continue;
    for (size_t k = 0; k < s->nframes; k++) {
      cli_symbol_t y;
      int rc = cli_symbolize(&s->frames[k], &y);
      if (rc == -2 && !system_module(s->frames[k].module)) {
        size_t w = 0;
        while (w < nwarned && strcmp(warned[w], s->frames[k].module) != 0) w++;
        if (w == nwarned && nwarned < 8) {
          warned[nwarned++] = s->frames[k].module;
          cli_warning("%s: not the file the run had (gone, or rebuilt: another build ID): the sites allocated from "
                      "it are not named (shown as ?); name them with the binaries of the run",
                      cli_shown(s->frames[k].module));
        }
        break;
      }
      if (rc != 0) continue;
      s->file = y.file;
      s->line = y.line;
      OLI_SET(s, OLI_F_LINE);
      if (y.function) s->function = y.function;
      if (y.has_rel) s->rel = y.rel, OLI_SET(s, OLI_F_REL);
      break;
    }
  }
}
#else
int cli_symbolize(const oli_doc_frame_t *f, cli_symbol_t *out) {
  (void)f;
  memset(out, 0, sizeof *out);
  return -1;
}
void cli_symbolize_doc(oli_doc_t *d) { (void)d; }
#endif

char *cli_frame_words(const oli_doc_frame_t *f, char *buf, size_t n) {
  cli_symbol_t y;
  const char *base = strrchr(f->module, '/');
  base = base ? base + 1 : f->module;
  int rc = cli_symbolize(f, &y);
  if (rc == 0)
    snprintf(buf, n, "%s (%s:%" PRIu32 ") [%s+0x%" PRIx64 "]", y.function ? y.function : "?", y.file, y.line, base,
             f->offset);
  else if (rc == 1) snprintf(buf, n, "%s [%s+0x%" PRIx64 "]", y.function, base, f->offset);
  else snprintf(buf, n, "%s+0x%" PRIx64, base, f->offset);
  return buf;
}
