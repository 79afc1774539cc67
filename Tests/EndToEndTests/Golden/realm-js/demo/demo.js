// The model of demo, written by strata model --to realm-js.
// Open a realm with it: new Realm({ schema }).

import Realm from "realm";

export class RealmTestClass0 extends Realm.Object {
  static schema = {
    name: "RealmTestClass0",
    primaryKey: "id",
    properties: {
      id: "int",
      integerValue: "int",
      stringValue: "string",
      dataValue: "data",
      realmTestClass1s: { type: "linkingObjects", objectType: "RealmTestClass1", property: "arrayReference" },
    },
  };
}

export class RealmTestClass1 extends Realm.Object {
  static schema = {
    name: "RealmTestClass1",
    primaryKey: "id",
    properties: {
      id: "int",
      integerValue: "int",
      boolValue: "bool",
      floatValue: "float",
      doubleValue: "double",
      stringValue: "string",
      dateValue: "date",
      arrayReference: "RealmTestClass0[]",
      realmTestClass2s: { type: "linkingObjects", objectType: "RealmTestClass2", property: "objectReference" },
    },
  };
}

export class RealmTestClass2 extends Realm.Object {
  static schema = {
    name: "RealmTestClass2",
    primaryKey: "id",
    properties: {
      id: "int",
      integerValue: "int",
      boolValue: "bool",
      objectReference: "RealmTestClass1?",
    },
  };
}

export const schema = [RealmTestClass0, RealmTestClass1, RealmTestClass2];
