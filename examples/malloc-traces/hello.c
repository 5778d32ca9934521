#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; char name[24]; int count; };

static struct node *push(struct node *list, const char *name) {
    struct node *n = malloc(sizeof *n);
    strncpy(n->name, name, sizeof n->name - 1);
    n->name[sizeof n->name - 1] = '\0';
    n->count = (int) strlen(name);
    n->next = list;
    return n;
}

int main(int argc, char **argv) {
    struct node *list = NULL;
    for (int i = 0; i < argc; i++) list = push(list, argv[i]);
    int total = 0;
    while (list) { struct node *next = list->next; total += list->count; free(list); list = next; }
    printf("%d\n", total);
    return 0;
}
