// The model of all-types, written by strata model --to realm-js.
// Open a realm with it: new Realm({ schema }).

import Realm from "realm";

export class Address extends Realm.Object {
  static schema = {
    name: "Address",
    embedded: true,
    properties: {
      street: "string",
      city: "string?",
      personsViaHome: { type: "linkingObjects", objectType: "Person", property: "home" },
      personsViaPastAddresses: { type: "linkingObjects", objectType: "Person", property: "pastAddresses" },
    },
  };
}

export class AllTypes extends Realm.Object {
  static schema = {
    name: "AllTypes",
    primaryKey: "_id",
    properties: {
      _id: "int",
      intValue: "int",
      boolValue: "bool",
      floatValue: "float",
      doubleValue: "double",
      stringValue: "string",
      binaryValue: "data",
      dateValue: "date",
      decimalValue: "decimal128",
      objectIdValue: "objectId",
      uuidValue: "uuid",
      mixedValue: "mixed",
      optIntValue: "int?",
      optBoolValue: "bool?",
      optFloatValue: "float?",
      optDoubleValue: "double?",
      optStringValue: "string?",
      optBinaryValue: "data?",
      optDateValue: "date?",
      optDecimalValue: "decimal128?",
      optObjectIdValue: "objectId?",
      optUuidValue: "uuid?",
      indexedString: { type: "string", indexed: true },
    },
  };
}

export class Dog extends Realm.Object {
  static schema = {
    name: "Dog",
    primaryKey: "_id",
    properties: {
      _id: "objectId",
      dogName: "string",
      age: "int?",
      personsViaFavouriteDog: { type: "linkingObjects", objectType: "Person", property: "favouriteDog" },
      personsViaDogs: { type: "linkingObjects", objectType: "Person", property: "dogs" },
      personsViaDogSet: { type: "linkingObjects", objectType: "Person", property: "dogSet" },
    },
  };
}

export class Person extends Realm.Object {
  static schema = {
    name: "Person",
    primaryKey: "name",
    properties: {
      name: "string",
      age: "int",
      favouriteDog: "Dog?",
      bestFriend: "Person?",
      home: "Address?",
      nested: "mixed",
      dogs: "Dog[]",
      pastAddresses: "Address[]",
      dogSet: "Dog<>",
      dogsByNickname: { type: "dictionary", objectType: "Dog", optional: true },
      scores: "int[]",
      optScores: "double?[]",
      nicknames: "string[]",
      dates: "date[]",
      anyList: "mixed[]",
      tags: "string<>",
      luckyNumbers: "int<>",
      uuidSet: "uuid<>",
      anySet: "mixed<>",
      properties: "mixed{}",
      counts: "int{}",
      labels: "string?{}",
      persons: { type: "linkingObjects", objectType: "Person", property: "bestFriend" },
    },
  };
}

export const schema = [Address, AllTypes, Dog, Person];
