#!/bin/sh
# Write the JSON of every real legacy file in Tests/Fixtures/Realm/Real/legacy/ (formats 2-9) with
# realmdump5 (built by build.sh). realmdump5 reads a copy of each file; the committed .realm files
# are never opened by realm-core.
# Usage: REALM_CORE=/path/to/realm-core-5 ./dump-real.sh   (REALMDUMP5=program overrides the program)
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core 5 checkout}"
here=$(cd "$(dirname "$0")" && pwd)
dump=${REALMDUMP5:-"$REALM_CORE/build/realmdump5"}
real="$here/../../Real/legacy"
d() { # d NAME DESCRIPTION
    "$dump" "$real/$1.realm" "$real/$1.json" "$2"
}
d bluesync-default "TechieBoy/BlueSync app/src/main/assets/default.realm (realm-java): class ListItem (mTitle, mRfid, mPresent), no objects; streaming form, format 5"
d realm-core-client-migration-core6 "realm-core test/resources/client_file_migration_core6.realm: sync client file with classes foo, bar and the permission classes; format 9"
d realm-java-ios-0.90.4-alltypes "realm-java androidTest asset ios/0.90.4-alltypes.realm, written by realm-cocoa 0.90.4: IOSAllTypes / IOSChild; format 2"
d realm-java-ios-0.96.2-alltypes "realm-java androidTest asset ios/0.96.2-alltypes.realm, written by realm-cocoa 0.96.2: IOSAllTypes / IOSChild; format 2"
d realm-java-ios-0.98.0-alltypes "realm-java androidTest asset ios/0.98.0-alltypes.realm, written by realm-cocoa 0.98.0: IOSAllTypes / IOSChild; format 3"
d realm-java-ios-0.98.0-alltypes-null "realm-java androidTest asset ios/0.98.0-alltypes-null-value.realm, written by realm-cocoa 0.98.0: IOSAllTypes with null values; format 3"
d realm-java-migration-default0-v2 "realm-java examples/migrationExample default0.realm (format-2 form): schema version 0, Person firstName/lastName/age"
d realm-java-migration-default1 "realm-java examples/migrationExample default1.realm: schema version 1, Person fullName/age; format 9 (slot 1 still 2)"
d realm-java-migration-default2 "realm-java examples/migrationExample default2.realm: schema version 2, Person with a pets link list, Pet name/type; streaming form, format 9"
d realm-java-optional-subscription "realm-java androidTestObjectServer asset optionalsubscriptionfields.realm: query-based-sync realm with __ResultSets and the permission classes; format 9"
d realm-java-pk-migration "realm-java androidTest asset 0841_pk_migration.realm (realm-java 0.84.1): primary keys in the pk table; format 9 (slot 1 still 3)"
d realm-java-string-only-pre-null "realm-java androidTest asset string-only-pre-null-0.82.2.realm (realm-java 0.82.2, before nullability): StringOnly, 1 object; slot 0 format 2, slot 1 (active) 9"
d realm-java-version-test "realm-java androidTestObjectServer asset versionTest.realm: sync realm of the realm-java 2.x era with every test entity; format 6"
d realm-js-dates-v3 "realm-js tests/data/dates-v3.realm: Date with currentDate and nullDate as old DateTime columns; format 3"
d realm-js-dates-v5 "realm-js tests/data/dates-v5.realm: Date with currentDate and nullDate as timestamp columns; format 5"
d realm-js-sync-v1 "realm-js tests/data/sync-v1.realm: a realm-js sync file; format 7"
