/* tools/oli/elf.c - just enough ELF64 to find one section by name. */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "infile.h"

#define WHY(...) (snprintf(why, why_n, __VA_ARGS__), -1)

/* Read [off, off+n) of f into dst; 0 ok. */
static int read_at(FILE *f, uint64_t off, void *dst, size_t n) {
  if (fseeko(f, (off_t)off, SEEK_SET) != 0) return -1;
  return fread(dst, 1, n, f) == n ? 0 : -1;
}

/* The first section called name, or (all) every one of them, concatenated
 * (a relocatable file keeps a comdat's sections apart). */
static int read_sections(const char *path, const char *name, int all, unsigned char **buf, size_t *len,
                         int *found, char *why, size_t why_n) {
  *found = 0;
  *buf = NULL;
  *len = 0;
  long long size = 0; /* readelf's "not an ordinary file": a FIFO is refused at once */
  int fd = oli_infile_open(path, &size, why, why_n);
  if (fd < 0) return -1;
  FILE *f = fdopen(fd, "rb");
  if (f == NULL) {
    close(fd);
    return WHY("cannot open: %s", strerror(errno));
  }
  int rc = -1;
  unsigned char *shstr = NULL;
  Elf64_Shdr *sh = NULL;
  uint64_t fsize = (uint64_t)size;
  Elf64_Ehdr eh;
  if (fsize < EI_NIDENT || read_at(f, 0, eh.e_ident, EI_NIDENT) != 0 ||
      memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) {
    rc = WHY("not an ELF file");
    goto out;
  }
  if (eh.e_ident[EI_CLASS] != ELFCLASS64) {
    rc = WHY("a 32-bit ELF file; only ELF64 is supported");
    goto out;
  }
  if (eh.e_ident[EI_DATA] != ELFDATA2LSB) {
    rc = WHY("a big-endian ELF file; only little-endian is supported");
    goto out;
  }
  if (fsize < sizeof eh || read_at(f, 0, &eh, sizeof eh) != 0) {
    rc = WHY("truncated ELF header (%llu bytes)", (unsigned long long)fsize);
    goto out;
  }
  if (eh.e_shoff == 0) {
    rc = WHY("the ELF file has no section headers");
    goto out;
  }
  if (eh.e_shentsize != sizeof(Elf64_Shdr)) {
    rc = WHY("section header size %u, expected %zu", eh.e_shentsize, sizeof(Elf64_Shdr));
    goto out;
  }
  /* extended numbering (more than 0xff00 sections): the real count and the
   * name table's index are in section header 0 */
  uint64_t shnum = eh.e_shnum;
  uint64_t shstrndx = eh.e_shstrndx;
  if (shnum == 0 || shstrndx == SHN_XINDEX) {
    Elf64_Shdr sh0;
    if (eh.e_shoff > fsize || fsize - eh.e_shoff < sizeof sh0 || read_at(f, eh.e_shoff, &sh0, sizeof sh0) != 0) {
      rc = WHY("truncated: section headers at %llu run past the end of the file (%llu bytes)",
               (unsigned long long)eh.e_shoff, (unsigned long long)fsize);
      goto out;
    }
    if (shnum == 0) shnum = sh0.sh_size;
    if (shstrndx == SHN_XINDEX) shstrndx = sh0.sh_link;
  }
  if (shnum == 0) {
    rc = WHY("the ELF file has no section headers");
    goto out;
  }
  if (eh.e_shoff > fsize || shnum > (fsize - eh.e_shoff) / sizeof(Elf64_Shdr)) {
    rc = WHY("truncated: section headers at %llu run past the end of the file (%llu bytes)",
             (unsigned long long)eh.e_shoff, (unsigned long long)fsize);
    goto out;
  }
  sh = malloc(shnum * sizeof *sh);
  if (sh == NULL || read_at(f, eh.e_shoff, sh, shnum * sizeof *sh) != 0) {
    rc = WHY("cannot read the section headers");
    goto out;
  }
  if (shstrndx >= shnum) {
    rc = WHY("bad section-name table index %llu", (unsigned long long)shstrndx);
    goto out;
  }
  Elf64_Shdr *ss = &sh[shstrndx];
  if (ss->sh_type == SHT_NOBITS || ss->sh_offset > fsize || ss->sh_size > fsize - ss->sh_offset ||
      ss->sh_size == 0 || ss->sh_size > ((uint64_t)64 << 20)) {
    rc = WHY("truncated or bad section-name table");
    goto out;
  }
  shstr = malloc(ss->sh_size + 1);
  if (shstr == NULL || read_at(f, ss->sh_offset, shstr, ss->sh_size) != 0) {
    rc = WHY("cannot read the section-name table");
    goto out;
  }
  shstr[ss->sh_size] = '\0';
  for (uint64_t i = 0; i < shnum; i++) {
    if (sh[i].sh_name >= ss->sh_size || strcmp((char *)shstr + sh[i].sh_name, name) != 0) continue;
    if (sh[i].sh_type == SHT_NOBITS) {
      rc = WHY("section %s has no bytes in the file (NOBITS)", name);
      goto out;
    }
    if (sh[i].sh_offset > fsize || sh[i].sh_size > fsize - sh[i].sh_offset) {
      rc = WHY("truncated: section %s (%llu bytes at %llu) runs past the end of the file", name,
               (unsigned long long)sh[i].sh_size, (unsigned long long)sh[i].sh_offset);
      goto out;
    }
    if (*len + sh[i].sh_size > ((uint64_t)1 << 30)) {
      rc = WHY("section %s is larger than 1 GiB", name);
      goto out;
    }
    unsigned char *grown = realloc(*buf, *len + sh[i].sh_size + 1);
    if (grown) *buf = grown;
    if (grown == NULL || read_at(f, sh[i].sh_offset, grown + *len, sh[i].sh_size) != 0) {
      rc = WHY("cannot read section %s", name);
      goto out;
    }
    *len += sh[i].sh_size;
    *found = 1;
    if (!all) break;
  }
  rc = 0;
out:
  if (rc != 0) { /* nothing half-read goes back */
    free(*buf);
    *buf = NULL;
    *len = 0;
    *found = 0;
  }
  free(sh);
  free(shstr);
  fclose(f);
  return rc;
}

int cli_elf_read_section(const char *path, const char *name, unsigned char **buf, size_t *len, int *found,
                         char *why, size_t why_n) {
  return read_sections(path, name, 0, buf, len, found, why, why_n);
}

int cli_elf_read_sections(const char *path, const char *name, unsigned char **buf, size_t *len, int *found,
                          char *why, size_t why_n) {
  return read_sections(path, name, 1, buf, len, found, why, why_n);
}

int cli_elf_needs(const char *path, const char *prefix, int *needed, char *why, size_t why_n) {
  unsigned char *dyn = NULL, *str = NULL;
  size_t dlen = 0, slen = 0;
  int has_dyn = 0, has_str = 0;
  *needed = 0;
  if (cli_elf_read_section(path, ".dynamic", &dyn, &dlen, &has_dyn, why, why_n) != 0) return -1;
  if (has_dyn && cli_elf_read_section(path, ".dynstr", &str, &slen, &has_str, why, why_n) != 0) {
    free(dyn);
    return -1;
  }
  size_t k = strlen(prefix);
  for (size_t i = 0; has_str && i + sizeof(Elf64_Dyn) <= dlen; i += sizeof(Elf64_Dyn)) {
    Elf64_Dyn d;
    memcpy(&d, dyn + i, sizeof d);
    if (d.d_tag == DT_NULL) break;
    if (d.d_tag != DT_NEEDED || d.d_un.d_val >= slen) continue;
    const char *name = (const char *)str + d.d_un.d_val;
    size_t room = slen - d.d_un.d_val;
    if (memchr(name, '\0', room) && strncmp(name, prefix, k) == 0) *needed = 1;
  }
  free(dyn);
  free(str);
  return 0;
}
