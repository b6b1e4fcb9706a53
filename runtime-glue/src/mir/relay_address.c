/*
 * relay_address.c - where a process on another node than the root listens
 * for the relay (relay.h): on the address the MPI job itself uses on that
 * node, never on every interface, so that the relay is no more exposed
 * than the job already is.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "relay_internal.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* Is a one of this node's IPv4 addresses? */
static int local_address(struct in_addr a) {
  struct ifaddrs *ifs, *i;
  int found = 0;
  if (getifaddrs(&ifs) != 0)
    return 0;
  for (i = ifs; i && !found; i = i->ifa_next)
    found = i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
            ((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr.s_addr ==
                a.s_addr;
  freeifaddrs(ifs);
  return found;
}

/* The first local IPv4 address among the "tcp://A,B,...:PORT" of an Open
 * MPI URI ("JOB.VPID;tcp://..."). */
static int address_of_uri(const char *uri, struct in_addr *out) {
  const char *p = uri ? strstr(uri, "tcp://") : NULL;
  if (!p)
    return 0;
  p += 6;
  const char *end = strchr(p, ':');
  while (p && (!end || p < end)) {
    char a[INET_ADDRSTRLEN];
    size_t n = strcspn(p, ",:;");
    if (n < sizeof a) {
      memcpy(a, p, n);
      a[n] = '\0';
      if (inet_pton(AF_INET, a, out) == 1 && local_address(*out))
        return 1;
    }
    p = p[n] == ',' ? p + n + 1 : NULL;
  }
  return 0;
}

/* The first IPv4 address of an interface that list ("eth0,10.1.0.0/16")
 * names, by name or by network. */
static int address_of_interfaces(const char *list, struct in_addr *out) {
  struct ifaddrs *ifs;
  if (!list || !*list || getifaddrs(&ifs) != 0)
    return 0;
  int found = 0;
  char *copy = strdup(list), *save = NULL;
  for (char *item = copy ? strtok_r(copy, ",", &save) : NULL;
       item && !found; item = strtok_r(NULL, ",", &save)) {
    char *slash = strchr(item, '/');
    struct in_addr net = {0};
    unsigned bits = 0;
    int cidr = slash && (*slash = '\0', inet_pton(AF_INET, item, &net) == 1) &&
               sscanf(slash + 1, "%u", &bits) == 1 && bits <= 32;
    uint32_t mask = bits ? htonl(~0u << (32 - bits)) : 0;
    for (struct ifaddrs *i = ifs; i && !found; i = i->ifa_next) {
      if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
        continue;
      struct in_addr a =
          ((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr;
      if (cidr ? (a.s_addr & mask) == (net.s_addr & mask)
               : strcmp(i->ifa_name, item) == 0) {
        *out = a;
        found = 1;
      }
    }
  }
  free(copy);
  freeifaddrs(ifs);
  return found;
}

/* The address of this node that the MPI job uses: the one Open MPI's
 * daemon on this node listens on (its URI, in the environment of the
 * ranks it starts), else the interfaces the job was told to use, else the
 * address this host's name has when it is local. */
int mir_relay_job_address(struct in_addr *out, char **error) {
  if (address_of_uri(getenv("OMPI_MCA_orte_local_daemon_uri"), out) ||
      address_of_uri(getenv("OMPI_MCA_orte_hnp_uri"), out) ||
      address_of_interfaces(getenv("OMPI_MCA_oob_tcp_if_include"), out) ||
      address_of_interfaces(getenv("OMPI_MCA_btl_tcp_if_include"), out))
    return 0;
  char host[256];
  struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM},
                  *res = NULL;
  if (gethostname(host, sizeof host) == 0 &&
      (host[sizeof host - 1] = '\0', getaddrinfo(host, NULL, &hints, &res)) ==
          0) {
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
      struct in_addr a = ((struct sockaddr_in *)(void *)ai->ai_addr)->sin_addr;
      if (local_address(a)) {
        *out = a;
        freeaddrinfo(res);
        return 0;
      }
    }
    freeaddrinfo(res);
  }
  *error = mir_format("no address of this node is known to the MPI job (set "
                      "OMPI_MCA_oob_tcp_if_include to the interface it "
                      "uses)");
  return -1;
}
