-- The model of Recipes in Strata's conventions, written by strata model --to sql.
-- Apply it to an empty database: strata migrate, or sqlite3 new.sqlite < Recipes.sql
-- Item is an abstract Core Data entity: its sub-entities' tables carry its properties.

CREATE TABLE "Cuisine" (
    "id" INTEGER PRIMARY KEY,
    "name" TEXT NOT NULL
);

CREATE TABLE "Ingredient" (
    "id" INTEGER PRIMARY KEY,
    "createdAt" DATETIME NOT NULL,
    "name" TEXT NOT NULL,
    "notes" TEXT,
    "caloriesPer100g" INTEGER NOT NULL DEFAULT 0,
    "isVegetarian" BOOLEAN NOT NULL DEFAULT 1
);

CREATE TABLE "Recipe" (
    "id" INTEGER PRIMARY KEY,
    "createdAt" DATETIME NOT NULL,
    "name" TEXT NOT NULL,
    "notes" TEXT,
    "isFavorite" BOOLEAN NOT NULL DEFAULT 0,
    "prepMinutes" INTEGER NOT NULL DEFAULT 0,
    "rating" DOUBLE,
    "servings" INTEGER NOT NULL DEFAULT 2,
    "cuisine" INTEGER REFERENCES "Cuisine"("id") ON DELETE SET NULL
);
CREATE INDEX "Recipe_cuisine_index" ON "Recipe" ("cuisine");

CREATE TABLE "Ingredient_recipes" (
    "owner" INTEGER NOT NULL REFERENCES "Ingredient"("id") ON DELETE CASCADE,
    "value" INTEGER NOT NULL REFERENCES "Recipe"("id") ON DELETE CASCADE,
    PRIMARY KEY ("owner", "value")
) WITHOUT ROWID;
