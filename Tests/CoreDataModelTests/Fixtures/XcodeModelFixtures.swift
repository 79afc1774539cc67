import Foundation

// Real Xcode model `contents` files, byte for byte, kept as Swift string literals because the test target cannot
// hold other files without a Package.swift change (SwiftPM warns about unhandled files, even a README).
//
// Provenance: both from JohnEstropia/CoreStore (https://github.com/JohnEstropia/CoreStore), MIT licence:
// - `coreStoreTestsModel`: CoreStoreTests/Model.xcdatamodeld/Model.xcdatamodel/contents
//   at commit 7baaee493db0a7041165199ca584995120bce8db (Xcode 8, "minimumToolsVersion=Xcode 4.3": `syncable` on
//   every element, two `<configuration>`s, `<elements>` layout).
// - `evolutionDemoV1`: Demo/Sources/Demos/Advanced/EvolutionDemo/Advanced.EvolutionDemo.V1.xcdatamodeld/
//   Advanced.EvolutionDemo.V1.xcdatamodel/contents at commit d1f83badefd3795aa02fdf2c102f1a857de1363b
//   (Xcode 11: required scalars with defaults, no `syncable` on attributes).
//
// CoreStore's licence, which covers these two files:
//
// The MIT License (MIT)
//
// Copyright © 2018 John Rommel Estropia
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

enum XcodeModelFixtures {
    static let coreStoreTestsModel = Data(#"""
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="11759" systemVersion="16C67" minimumToolsVersion="Xcode 4.3" sourceLanguage="Objective-C" userDefinedModelVersionIdentifier="">
    <entity name="TestEntity1AAA" representedClassName="CoreStoreTests.TestEntity1" syncable="YES">
        <attribute name="testBoolean" optional="YES" attributeType="Boolean" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testData" optional="YES" attributeType="Binary" syncable="YES"/>
        <attribute name="testDate" optional="YES" attributeType="Date" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testDecimal" optional="YES" attributeType="Decimal" syncable="YES"/>
        <attribute name="testEntityID" optional="YES" attributeType="Integer 64" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testNil" optional="YES" attributeType="String" syncable="YES"/>
        <attribute name="testNumber" optional="YES" attributeType="Integer 32" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testString" optional="YES" attributeType="String" syncable="YES"/>
    </entity>
    <entity name="TestEntity2" representedClassName="CoreStoreTests.TestEntity2" syncable="YES">
        <attribute name="testBoolean" optional="YES" attributeType="Boolean" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testData" optional="YES" attributeType="Binary" syncable="YES"/>
        <attribute name="testDate" optional="YES" attributeType="Date" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testDecimal" optional="YES" attributeType="Decimal" syncable="YES"/>
        <attribute name="testEntityID" optional="YES" attributeType="Integer 64" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testNil" optional="YES" attributeType="String" syncable="YES"/>
        <attribute name="testNumber" optional="YES" attributeType="Integer 32" usesScalarValueType="NO" syncable="YES"/>
        <attribute name="testString" optional="YES" attributeType="String" syncable="YES"/>
    </entity>
    <configuration name="Config1">
        <memberEntity name="TestEntity1AAA"/>
    </configuration>
    <configuration name="Config2">
        <memberEntity name="TestEntity2"/>
    </configuration>
    <elements>
        <element name="TestEntity1AAA" positionX="-63" positionY="-18" width="128" height="165"/>
        <element name="TestEntity2" positionX="-63" positionY="9" width="128" height="165"/>
    </elements>
</model>
"""#.utf8)

    static let evolutionDemoV1 = Data(#"""
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="16119" systemVersion="19F101" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
    <entity name="Creature" representedClassName="Advanced_EvolutionDemo_V1_Creature" syncable="YES">
        <attribute name="dnaCode" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
        <attribute name="numberOfFlagella" attributeType="Integer 32" defaultValueString="2" usesScalarValueType="YES"/>
    </entity>
    <elements>
        <element name="Creature" positionX="-27" positionY="18" width="128" height="73"/>
    </elements>
</model>
"""#.utf8)
}
