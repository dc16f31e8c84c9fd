/* Exits 0 where this CPU runs BMI2 (pext), 1 elsewhere: engine_pair/with_bmi2.sh
 * asks it before running a program built with -mbmi2. Built without BMI2. */
int main(void)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") ? 0 : 1;
#else
    return 1;
#endif
}
