/*
 * paths.h - where the MIR channel's sockets live, and how the engine writes
 * its documents, so that no other user can reach the one or plant the
 * other (docs/mir.md, "Security").
 */
#ifndef UPC_MIR_PATHS_H
#define UPC_MIR_PATHS_H

/* The per-user directory of MIR sockets: $XDG_RUNTIME_DIR/upc-mir when
 * XDG_RUNTIME_DIR is an absolute path, else /tmp/upc-mir-UID. With create
 * the program makes it (mode 0700); in every case it must be a directory
 * (not a link) owned by this user that no one else may enter or write.
 * Returns it (malloc'ed), or NULL with a malloc'ed message in *error. */
char *mir_user_dir(int create, char **error);

/* The socket a name of UPC_MIR_SOCKET or of upc-mir's SOCKET stands for: a
 * name without '/' is a file of mir_user_dir, any other path is taken as
 * written. The path must fit a Unix socket address. Returns it
 * (malloc'ed), or NULL with a malloc'ed message in *error. */
char *mir_socket_path(const char *name, int create, char **error);

/* The program: a new private directory (0700) with a random name inside
 * mir_user_dir, or inside /tmp when that one is not private, for one job's
 * sockets. Returns it (malloc'ed), or NULL with a message in *error. */
char *mir_private_dir(const char *prefix, char **error);

/* Writes text to path atomically and without following links or reusing
 * a name others can predict: a new file beside path (mkstemp: created
 * exclusively, mode 0600 then the umask's), written, fsync'ed and renamed
 * over path (which replaces a link there instead of following it).
 * Returns 0, or -1 with errno set and nothing left behind. */
int mir_write_file(const char *path, const char *text);

#endif
