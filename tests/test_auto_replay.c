/*
 * Auto's replay: what auto keeps, and what its fresh jobs cost beside the
 * fastest backend's, on every CPU the project measured, seen on any CPU.
 * The learner is the library's (lib/auto/learner.c, driven as learning.c
 * drives it: tests/support/learner_driver.c), its plan the one the library
 * makes for that CPU's registers (seebatch_plan_auto on faked registers:
 * the measured row, its first guess, whether the row decides); the calls'
 * costs are the CPU's measured ones (tests/data/auto_replay_costs.txt):
 *
 *   - each cell is seebatch_auto_starts' (bench/auto_starts.cpp): jobs of
 *     10^5 captures, 256 moves a call, many boards in board order; the
 *     first 1,000 positions cycled, the first 10,000 cycled, all streamed;
 *     values, thresholds, thresholds with pins given;
 *   - a call costs the backend's learned cost a capture, times its
 *     positions' cost (a cycle's calls each their own, a stream's in runs),
 *     times the backend's pass over them on repeating work (its first pass
 *     dearest: the curve lines), times the machine's slow drift and each
 *     part's own stray (a few in a hundred spoiled, up to four times);
 *   - JOBS fresh jobs a backend forced, and JOBS under auto (a fresh learner
 *     each), each with its own draws.
 *
 * It prints, for each CPU, with its row and as a CPU no row covers (the
 * same costs, an unknown vendor: the widest backend first, then trials),
 * and each cell: the backend auto kept in how many jobs, auto's median job
 * over the fastest's, the static pick's (the plan's first guess, forced),
 * and what the trials cost (the learner's bill, as a share of the job).
 * It holds, for every CPU and cell:
 *   - with the CPU's row: auto's median job within MEDIAN_GOAL of the
 *     fastest's, never over the static pick's by more than its rounding,
 *     and in at most WRONG_GOAL of JOBS jobs a backend kept whose job is
 *     over the fastest's by more than MEDIAN_GOAL;
 *   - as a CPU no row covers: auto's median job over the static pick's by
 *     at most the trials' bound (learner.c: 1,024 moves and a 64th of the
 *     job) and a point of noise, and in at most WRONG_GOAL jobs a backend
 *     kept whose job is over the static pick's by more than MEDIAN_GOAL.
 * A CPU whose kernels this build lacks (no AVX-512 kernel built) is not
 * replayed, and says so; where none can be, exit 77.
 *
 * Usage: test_auto_replay [TABLE]   (default: $SEEBATCH_TEST_DATA/auto_replay_costs.txt)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auto/dispatch.h"
#include "check.h"
#include "faked_cpu.h"
#include "learner_driver.h"
#include "random.h"

enum {
    REGIMES = 3,
    CALLS = 3,
    MAX_CPUS = 8,
    JOBS = 100,
    CALL_MOVES = 256,
    JOB_CAPTURES = 100000,
    MAX_PLACES = JOB_CAPTURES / CALL_MOVES + 2,
    WRONG_GOAL = 2
};
#define MEDIAN_GOAL 1.03
/* Where the row names the walk for repeating work and another first guess,
 * the cycle shows on the 12th call of 1,000 positions cycled; until then
 * the first guess serves at its first-pass cost (its cold first call, then
 * about twice its learned cost): the median's goal there. */
#define WALK_SWITCH_GOAL 1.06
/* The trials' bound as a share of a job (learner.c: TRIAL_ALLOWANCE moves
 * and a TRIAL_SHARE-th of the moves served), and a point of noise. */
#define TRIALS_BOUND ((1024.0 + JOB_CAPTURES / 64.0) / JOB_CAPTURES)
#define NOISE_ALLOWANCE 0.01

static const char *const regime_names[REGIMES] = {"1000", "10000", "streamed"};
static const char *const regime_words[REGIMES] = {"1000 positions cycled", "10000 positions cycled",
                                                  "109311 positions streamed"};
/* Each regime's captures (the stockfish preset's on the real positions). */
static const size_t regime_captures[REGIMES] = {2443, 27049, 292351};
static const char *const call_names[CALLS] = {"values", "thresholds", "pins"};
static const char *const call_words[CALLS] = {"values", "thresholds", "thresholds, pins given"};

typedef struct measured_cost {
    double learned, job; /* ns a capture; 0: not measured */
} measured_cost;

typedef struct cpu_costs {
    char name[32], vendor[13], source[256];
    unsigned family, model;
    bool avx512;
    measured_cost cost[REGIMES][CALLS][CHOICE_KERNELS];
} cpu_costs;

/* How a kernel's cost falls over its passes of repeating work: its first
 * pass over its learned cost, and each pass's excess as a share of the one
 * before; by kind (the walk, a lane kernel) and call. */
typedef struct curves {
    double first[2][CALLS], decay[2][CALLS];
    double cold;  /* a kernel's first call of a job, over the rest of its first pass */
    double stray; /* one part's cost strays by this much (a log's sigma) */
} curves;

typedef struct replay_table {
    cpu_costs cpus[MAX_CPUS];
    unsigned count;
    curves curve;
} replay_table;

static int index_of(const char *const *names, unsigned count, const char *name)
{
    for (unsigned i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}

static cpu_costs *cpu_named(replay_table *t, const char *name)
{
    for (unsigned c = 0; c < t->count; c++)
        if (strcmp(t->cpus[c].name, name) == 0)
            return &t->cpus[c];
    return NULL;
}

/* A line "NAME REGIME CALL BACKEND LEARNED JOB". */
static bool read_cost(replay_table *t, const char *line)
{
    char name[32], regime[16], call[16], backend[16], job[16];
    double learned;
    if (sscanf(line, "%31s %15s %15s %15s %lf %15s", name, regime, call, backend, &learned, job) !=
        6)
        return false;
    cpu_costs *cpu = cpu_named(t, name);
    int r = index_of(regime_names, REGIMES, regime), c = index_of(call_names, CALLS, call);
    int k = index_of(seebatch_choice_kernel_names, CHOICE_KERNELS, backend);
    if (!cpu || r < 0 || c < 0 || k < 0 || learned <= 0)
        return false;
    cpu->cost[r][c][k] = (measured_cost){learned, strcmp(job, "-") == 0 ? 0 : atof(job)};
    return true;
}

/* "cpu NAME VENDOR FAMILY MODEL AVX512 SOURCE...", "curve KIND CALL FIRST
 * DECAY", "stray SIGMA", or a cost line. */
static bool read_line(replay_table *t, const char *line)
{
    char kind[16], call[16], avx512[8];
    double first, decay;
    int at = 0;
    if (strncmp(line, "cpu ", 4) == 0 && t->count < MAX_CPUS) {
        cpu_costs *cpu = &t->cpus[t->count];
        if (sscanf(line, "cpu %31s %12s %x %x %7s %n", cpu->name, cpu->vendor, &cpu->family,
                   &cpu->model, avx512, &at) < 5 ||
            !at)
            return false;
        cpu->avx512 = strcmp(avx512, "yes") == 0;
        snprintf(cpu->source, sizeof cpu->source, "%s", line + at);
        t->count++;
        return true;
    }
    if (sscanf(line, "curve %15s %15s %lf %lf", kind, call, &first, &decay) == 4) {
        int c = index_of(call_names, CALLS, call), walk = strcmp(kind, "walk") == 0;
        if (c < 0 || (!walk && strcmp(kind, "lanes") != 0))
            return false;
        t->curve.first[walk][c] = first;
        t->curve.decay[walk][c] = decay;
        return true;
    }
    if (sscanf(line, "stray %lf", &t->curve.stray) == 1 ||
        sscanf(line, "cold %lf", &t->curve.cold) == 1)
        return true;
    return read_cost(t, line);
}

static bool read_table(const char *path, replay_table *t)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        printf("test_auto_replay: cannot open %s\n", path);
        return false;
    }
    char line[512];
    unsigned number = 0;
    bool good = true;
    while (fgets(line, sizeof line, file) && good) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[strspn(line, " ")] == '\0')
            continue;
        good = read_line(t, line);
        if (!good)
            printf("test_auto_replay: %s:%u: not a line of the table: %s\n", path, number, line);
    }
    fclose(file);
    return good && t->count > 0;
}

/* ---- The model of a cell ---- */

/* A cell on one CPU: each kernel's learned cost and first-pass curve, the
 * cost of each place's positions (a call of the cycle, or of the stream),
 * common and each kernel's own. */
typedef struct cell_model {
    unsigned regime, call;
    double learned[CHOICE_KERNELS], first[CHOICE_KERNELS], decay[CHOICE_KERNELS];
    double place[MAX_PLACES], own[CHOICE_KERNELS][MAX_PLACES];
    double cold, stray;
} cell_model;

static double uniform(uint64_t *state) { return (double)(random_next(state) >> 11) * 0x1p-53; }

static double normal(uint64_t *state)
{
    double u = uniform(state) + 0x1p-54, v = uniform(state);
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* Places' costs: lognormal around 1, a tenth (common) or 4% (a kernel's
 * own); a stream's common ones in runs (each call's log 0.8 of the one
 * before's). */
static void draw_places(cell_model *m, uint64_t *state)
{
    double x = 0;
    for (unsigned p = 0; p < MAX_PLACES; p++) {
        x = m->regime == 2 ? 0.8 * x + 0.06 * normal(state) : 0.1 * normal(state);
        m->place[p] = exp(x);
        for (unsigned k = 0; k < CHOICE_KERNELS; k++)
            m->own[k][p] = exp(0.04 * normal(state));
    }
}

static void make_cell(cell_model *m, const cpu_costs *cpu, const curves *curve, unsigned regime,
                      unsigned call)
{
    memset(m, 0, sizeof *m);
    m->regime = regime;
    m->call = call;
    m->stray = curve->stray;
    m->cold = curve->cold;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        bool walk = !seebatch_choice_kernels[k] || !seebatch_choice_kernels[k]->branch_free;
        m->learned[k] = cpu->cost[regime][call][k].learned;
        /* Repeating work a predictor holds: the first pass dearer. */
        m->first[k] = regime == 0 ? curve->first[walk][call] : 1.0;
        m->decay[k] = curve->decay[walk][call];
    }
    uint64_t state = random_mix((uint64_t)regime * 31 + call + 1);
    draw_places(m, &state);
}

static double run_job(const cell_model *m, learner_driver *driver, unsigned forced, uint64_t seed);

/* Where the CPU's run measured a forced fresh job, the learned cost that
 * makes the model's quiet job that job (the curve says how the job's cost
 * is spread over the passes); else the learned cost as measured. */
static void match_jobs(cell_model *m, const cpu_costs *cpu)
{
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        double job = cpu->cost[m->regime][m->call][k].job;
        if (!job || !m->learned[k])
            continue;
        m->learned[k] = 1.0;
        m->learned[k] = job / run_job(m, NULL, k, 0);
    }
}

/* ---- A job ---- */

typedef struct job {
    const cell_model *cell;
    bool quiet; /* no stray, no spoiled part, no drift: the model's mean */
    uint64_t state;
    double drift;
    unsigned place;
    size_t call_moves;
    unsigned whole; /* the kernel that served the call whole, CHOICE_KERNELS: none */
    unsigned passes[CHOICE_KERNELS][MAX_PLACES];
    bool warm[CHOICE_KERNELS];
} job;

/* The time kernel k takes for `count` moves of the call at the job's place. */
static double part_cost(void *context, unsigned k, size_t first, size_t count)
{
    job *j = context;
    if (first == 0 && count == j->call_moves)
        j->whole = k;
    const cell_model *m = j->cell;
    unsigned pass = j->passes[k][j->place];
    double learning = 1 + (m->first[k] - 1) * pow(m->decay[k], pass);
    double cold = j->warm[k] ? 1.0 : m->cold; /* its code and tables, the job's first part */
    j->warm[k] = true;
    double spoiled = uniform(&j->state) < 0.02 ? 1.5 + 2.5 * uniform(&j->state) : 1.0;
    double stray = j->quiet ? 1.0 : exp(m->stray * normal(&j->state)) * spoiled;
    return (double)count * m->learned[k] * m->place[j->place] * m->own[k][j->place] * learning *
           cold * exp(j->drift) * stray;
}

/* Runs a job: `forced` a kernel's (CHOICE_KERNELS: auto's, on the driver;
 * seed 0: quiet). Returns its ns a capture. */
static double run_job(const cell_model *m, learner_driver *driver, unsigned forced, uint64_t seed)
{
    static job j;
    memset(&j, 0, sizeof j);
    j.cell = m;
    j.state = seed;
    j.quiet = seed == 0;
    if (driver)
        driver->context = &j;
    size_t captures = regime_captures[m->regime], done = 0, at = 0;
    double ticks = 0;
    for (unsigned call = 0; done < JOB_CAPTURES; call++) {
        size_t n = captures - at < CALL_MOVES ? captures - at : CALL_MOVES;
        n = JOB_CAPTURES - done < n ? JOB_CAPTURES - done : n;
        j.place = m->regime == 2 ? call : (unsigned)(at / CALL_MOVES);
        j.drift = j.quiet ? 0 : 0.98 * j.drift + 0.01 * normal(&j.state);
        uint32_t print = (uint32_t)random_mix(at * 1000003u + n + (m->regime == 2 ? call : 0)) | 1;
        j.call_moves = n;
        j.whole = CHOICE_KERNELS;
        ticks += forced < CHOICE_KERNELS ? part_cost(&j, forced, 0, n)
                                         : learner_driver_serve(driver, n, print);
        if (j.whole < CHOICE_KERNELS) /* a pass over the call's positions */
            j.passes[j.whole][j.place]++;
        done += n;
        at = at + n >= captures ? 0 : at + n;
    }
    return ticks / JOB_CAPTURES;
}

/* ---- A cell replayed ---- */

static double median(double *values, unsigned n)
{
    for (unsigned a = 1; a < n; a++)
        for (unsigned b = a; b > 0 && values[b - 1] > values[b]; b--) {
            double swap = values[b];
            values[b] = values[b - 1];
            values[b - 1] = swap;
        }
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* What a cell gave: each kernel's forced median job, the fastest, the
 * plan's static pick, auto's jobs' median over the fastest's median and
 * over the static pick's same job (the same draws), the jobs in which auto
 * kept each kernel, and the trials' bill's median share. */
typedef struct outcome {
    double forced[CHOICE_KERNELS];
    unsigned fastest, static_pick;
    double median, over_static, bill;
    unsigned kept[CHOICE_KERNELS + 1];
    bool walk_switch; /* repeating work the row gives the walk, not the first guess */
    char report[256]; /* the first job's learner, as seebatch --auto-report words it */
} outcome;

/* Job n's draws, whoever serves it. */
static uint64_t job_seed(unsigned n) { return random_mix(n + 104729); }

static void forced_jobs(const cell_model *m, uint32_t runnable, double times[][JOBS], outcome *o)
{
    static double sorted[JOBS];
    o->fastest = CHOICE_KERNELS;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        if (!(runnable >> k & 1u))
            continue;
        for (unsigned n = 0; n < JOBS; n++)
            sorted[n] = times[k][n] = run_job(m, NULL, k, job_seed(n));
        o->forced[k] = median(sorted, JOBS);
        if (o->fastest == CHOICE_KERNELS || o->forced[k] < o->forced[o->fastest])
            o->fastest = k;
    }
}

/* What the learner judged of each kernel, as the tool's --auto-report
 * says it (the model's ns a capture). */
static void report_words(learner *l, uint32_t runnable, char *out, size_t size)
{
    static const char *const judged[] = {"not tried", "on trial", "kept", "beside the best",
                                         "dropped"};
    size_t at = 0;
    out[0] = '\0';
    for (unsigned k = CHOICE_KERNELS; k-- > 0 && at < size;) {
        if (!(runnable >> k & 1u))
            continue;
        seebatch_auto_backend b;
        seebatch_learner_report(l, k, 1.0, &b);
        int n = snprintf(out + at, size - at, "%s%s %s, %llu calls", at ? "; " : "",
                         seebatch_choice_kernel_names[k], judged[b.judged],
                         (unsigned long long)b.calls);
        at += n > 0 ? (size_t)n : 0;
        if (at < size && (b.ns_per_capture || b.trailed))
            at += (size_t)snprintf(out + at, size - at,
                                   b.trailed ? " at %.2f times the best's" : " at %.2f ns",
                                   b.trailed ? b.trailed : b.ns_per_capture);
    }
}

static void auto_jobs(const cell_model *m, unsigned shape, uint64_t plan,
                      const double *static_times, outcome *o)
{
    static double ratios[JOBS], over_static[JOBS], bills[JOBS];
    static learner_driver driver;
    for (unsigned n = 0; n < JOBS; n++) {
        learner_driver_start(&driver, shape, plan, part_cost, NULL);
        double time = run_job(m, &driver, CHOICE_KERNELS, job_seed(n));
        ratios[n] = time / o->forced[o->fastest];
        over_static[n] = time / static_times[n];
        o->kept[learner_driver_kept(&driver)]++;
        bills[n] = seebatch_learner_bill(&driver.learner).spent_moves / JOB_CAPTURES;
        if (n == 0)
            report_words(&driver.learner, seebatch_plan_runnable(plan), o->report,
                         sizeof o->report);
    }
    o->median = median(ratios, JOBS);
    o->over_static = median(over_static, JOBS);
    o->bill = median(bills, JOBS);
}

static outcome replay_cell(const cell_model *m, uint64_t plan)
{
    outcome o;
    memset(&o, 0, sizeof o);
    unsigned shape = seebatch_shape_index(m->call == 0 ? CALL_VALUES : CALL_THRESHOLD,
                                          BOARDS_IN_ORDER, m->call == 2, true);
    static double times[CHOICE_KERNELS][JOBS];
    o.static_pick = seebatch_plan_kernel(plan, shape);
    o.walk_switch = m->regime == 0 && seebatch_plan_row_decides(plan) &&
                    seebatch_plan_cycle_kernel(plan, shape) != o.static_pick;
    forced_jobs(m, seebatch_plan_runnable(plan), times, &o);
    auto_jobs(m, shape, plan, times[o.static_pick], &o);
    return o;
}

/* Jobs in which auto kept a kernel whose forced job is over `bar` by more
 * than MEDIAN_GOAL. */
static unsigned kept_over(const outcome *o, double bar)
{
    unsigned jobs = 0;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++)
        if (o->kept[k] && o->forced[k] > MEDIAN_GOAL * bar)
            jobs += o->kept[k];
    return jobs;
}

static void print_outcome(const cpu_costs *cpu, const char *variant, const cell_model *m,
                          const outcome *o)
{
    char kept[96] = "", forced[160] = "";
    for (unsigned k = CHOICE_KERNELS; k-- > 0;) {
        if (!o->forced[k])
            continue;
        size_t at = strlen(kept), f = strlen(forced);
        if (o->kept[k])
            snprintf(kept + at, sizeof kept - at, "%s%s %u", at ? ", " : "",
                     seebatch_choice_kernel_names[k], o->kept[k]);
        double job = cpu->cost[m->regime][m->call][k].job;
        snprintf(forced + f, sizeof forced - f, "%s%s %.2f (run %.2f)", f ? ", " : "",
                 seebatch_choice_kernel_names[k], o->forced[k], job);
    }
    double fastest = o->forced[o->fastest];
    printf("  %s %s, %s, %s: kept %s; auto's median job %.3f of the fastest's (%s), %.3f of "
           "the static pick's (%s: %.3f of the fastest's); trials %.2f%% of the job; ns a "
           "capture forced: %s\n",
           cpu->name, variant, regime_words[m->regime], call_words[m->call], kept, o->median,
           seebatch_choice_kernel_names[o->fastest], o->over_static,
           seebatch_choice_kernel_names[o->static_pick], o->forced[o->static_pick] / fastest,
           100 * o->bill, forced);
    printf("    the first job's learner: %s\n", o->report);
}

/* The goals of a CPU's row (decides) or of a CPU no row covers. */
static void check_outcome(const cpu_costs *cpu, bool row, const cell_model *m, const outcome *o)
{
    double fastest = o->forced[o->fastest];
    const char *cell = regime_words[m->regime], *call = call_words[m->call];
    if (row) {
        double goal = o->walk_switch ? WALK_SWITCH_GOAL : MEDIAN_GOAL;
        CHECK(o->median <= goal,
              "%s, its row, %s, %s: auto's median job %.3f of the fastest's "
              "(goal %.2f)",
              cpu->name, cell, call, o->median, goal);
        CHECK(o->over_static <= 1.0,
              "%s, its row, %s, %s: auto's median job %.3f of the static "
              "pick's",
              cpu->name, cell, call, o->over_static);
        CHECK(kept_over(o, fastest) <= WRONG_GOAL,
              "%s, its row, %s, %s: %u jobs kept a backend "
              "over the fastest's job by more than 3%%",
              cpu->name, cell, call, kept_over(o, fastest));
        return;
    }
    double bound = 1 + TRIALS_BOUND + NOISE_ALLOWANCE;
    CHECK(o->over_static <= bound,
          "%s, no row, %s, %s: auto's median job %.3f of the static "
          "pick's (bound %.3f)",
          cpu->name, cell, call, o->over_static, bound);
    CHECK(kept_over(o, o->forced[o->static_pick]) <= WRONG_GOAL,
          "%s, no row, %s, %s: %u jobs "
          "kept a backend over the static pick's job by more than 3%%",
          cpu->name, cell, call, kept_over(o, o->forced[o->static_pick]));
}

/* Whether this build runs every kernel the CPU's figures name. */
static bool replayable(const cpu_costs *cpu, uint64_t plan)
{
    for (unsigned k = 0; k < CHOICE_KERNELS; k++)
        if (cpu->cost[0][0][k].learned && !(seebatch_plan_runnable(plan) >> k & 1u))
            return false;
    return true;
}

/* A CPU with its row and with none: every cell. False where this build
 * cannot replay it. */
static bool replay_cpu(const cpu_costs *cpu, const curves *curve)
{
    seebatch_cpu registers = faked_cpu(cpu->vendor, cpu->family, cpu->model, cpu->avx512);
    seebatch_cpu unseen = faked_cpu("UnknownCPU!!", cpu->family, cpu->model, cpu->avx512);
    uint64_t plans[2] = {seebatch_plan_auto(&registers, SETTING_AUTO),
                         seebatch_plan_auto(&unseen, SETTING_AUTO)};
    if (!replayable(cpu, plans[0])) {
        printf("  %s: not replayed, this build lacks a kernel it runs\n", cpu->name);
        return false;
    }
    CHECK(seebatch_plan_row_decides(plans[0]), "%s: a row of the measured table decides",
          cpu->name);
    printf("%s (%s)\n", cpu->name, cpu->source);
    static cell_model m;
    for (unsigned variant = 0; variant < 2; variant++)
        for (unsigned r = 0; r < REGIMES; r++)
            for (unsigned c = 0; c < CALLS; c++) {
                make_cell(&m, cpu, curve, r, c);
                match_jobs(&m, cpu);
                outcome o = replay_cell(&m, plans[variant]);
                print_outcome(cpu, variant ? "no row" : "its row", &m, &o);
                check_outcome(cpu, variant == 0, &m, &o);
            }
    return true;
}

int main(int argc, char **argv)
{
    char path[1024];
    const char *data = getenv("SEEBATCH_TEST_DATA");
    snprintf(path, sizeof path, "%s", argc > 1 ? argv[1] : "");
    if (argc <= 1)
        snprintf(path, sizeof path, "%s/auto_replay_costs.txt", data ? data : "tests/data");
    static replay_table table;
    if (!read_table(path, &table))
        return 1;
    printf("auto replayed: %d fresh jobs a cell and backend, each of %d captures, %d moves a "
           "call, many boards in board order; ns a capture as the model makes them (run: the "
           "CPU's run, where measured)\n",
           JOBS, JOB_CAPTURES, CALL_MOVES);
    unsigned replayed = 0;
    for (unsigned c = 0; c < table.count; c++)
        replayed += replay_cpu(&table.cpus[c], &table.curve);
    if (!replayed) {
        printf("test_auto_replay: no CPU of the table runs on this build's kernels: skipped\n");
        return 77;
    }
    return check_finish("test_auto_replay");
}
