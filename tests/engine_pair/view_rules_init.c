/* Prepares view rules through the engine pair alone (seebatch_engine.h) and
 * says what seebatch_view_rules_init answered: exit 0 and "ok", or exit 3
 * and the status and message. engine_pair/generator_follows.sh builds it on
 * pairs generated from changed copies of lib/. */
#include <stdio.h>

#include "seebatch_engine.h"

int main(void)
{
    static const int8_t types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
    seebatch_config config = seebatch_config_stockfish();
    seebatch_view_rules rules;
    seebatch_error error;
    seebatch_status status = seebatch_view_rules_init(&rules, &config, types, 16, &error);
    if (status != SEEBATCH_OK) {
        printf("%s: %s\n", seebatch_status_name(status), error.message);
        return 3;
    }
    printf("ok\n");
    return 0;
}
