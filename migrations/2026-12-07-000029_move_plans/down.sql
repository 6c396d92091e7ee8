DROP TABLE move_plans;
