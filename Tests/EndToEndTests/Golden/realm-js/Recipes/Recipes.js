// The model of Recipes, written by strata model --to realm-js.
// Open a realm with it: new Realm({ schema }).

import Realm from "realm";

export class Cuisine extends Realm.Object {
  static schema = {
    name: "Cuisine",
    properties: {
      name: "string",
      // The inverse of Recipe.cuisine, which Realm keeps once: its backlinks.
      recipes: { type: "linkingObjects", objectType: "Recipe", property: "cuisine" },
    },
  };
}

// A sub-entity of Item, with its properties.
export class Ingredient extends Realm.Object {
  static schema = {
    name: "Ingredient",
    properties: {
      createdAt: "date",
      name: "string",
      notes: "string?",
      caloriesPer100g: { type: "int", default: 0 },
      isVegetarian: { type: "bool", default: true },
      recipes: "Recipe<>",
    },
  };
}

// Not written: Item, an abstract Core Data entity: Realm has no inheritance,
// so its sub-entities are written with its properties.

// A sub-entity of Item, with its properties.
export class Recipe extends Realm.Object {
  static schema = {
    name: "Recipe",
    properties: {
      createdAt: "date",
      name: "string",
      notes: "string?",
      isFavorite: { type: "bool", default: false },
      prepMinutes: { type: "int", default: 0 },
      rating: "double?",
      servings: { type: "int", default: 2 },
      cuisine: "Cuisine?",
      // The inverse of Ingredient.recipes, which Realm keeps once: its backlinks.
      ingredients: { type: "linkingObjects", objectType: "Ingredient", property: "recipes" },
    },
  };
}

export const schema = [Cuisine, Ingredient, Recipe];
