/*
 * The four exchanges of one shape (threshold test and exact value, with
 * pins and without), named walk_NAME, walk_NAME_pinned, value_NAME and
 * value_NAME_pinned: included by view_instances.h with SHAPE and NAME set.
 */
#define VIEW_PASTE_(a, b) a##b
#define VIEW_PASTE(a, b) VIEW_PASTE_(a, b)

#define PINS 0
#define VIEW_EXCHANGE VIEW_PASTE(walk_, NAME)
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE VIEW_PASTE(value_, NAME)
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE VIEW_PASTE(VIEW_PASTE(walk_, NAME), _pinned)
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE VIEW_PASTE(VIEW_PASTE(value_, NAME), _pinned)
#include "view_value_body.h"

#undef SHAPE
#undef NAME
