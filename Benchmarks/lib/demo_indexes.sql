-- Strata's demo database: a copy of DemoGenerator.indexSQL in
-- Sources/StrataKit/Demo/DemoGenerator.swift, used by the benchmark's peers.
-- demo_check.py compares every output (strata's too) against it.
CREATE INDEX RealmTestClass1_arrayReference_target ON RealmTestClass1_arrayReference(target);
CREATE INDEX RealmTestClass2_objectReference ON RealmTestClass2(objectReference);
