// The agent's tool calls (RepositoryTools::call): the input's first line is
// the tool's name, the rest its arguments as the model sent them. They are
// answered from a small repository (the demo's sources, a nested folder, a
// binary file, a header) committed once per process in the scratch folder,
// with its BM25 index. The model is always told something.
#include "FuzzInput.h"

#include <Bm25Index.h>
#include <RepositoryBuilder.h>
#include <RepositoryTools.h>

#include <optional>

namespace {

struct Fixture
{
    std::optional<rd::GitRepository> repository;
    rd::ObjectId head;
    rd::Bm25Index index;
};

const Fixture &fixture()
{
    static const Fixture made = [] {
        Fixture f;
        const QString dir = rd::fuzz::scratch().filePath(QStringLiteral("repo"));
        auto builder = rd::RepositoryBuilder::init(dir);
        if (!builder)
            __builtin_trap();
        const rd::RepositoryBuilder::Tree tree = {
            {"CMakeLists.txt", {"cmake_minimum_required(VERSION 3.16)\nproject(inventory CXX)\nadd_library(inventory src/stock.cpp src/reporting.cpp)\n"}},
            {"include/inventory/stock.h",
             {"#pragma once\n#include <string>\n#include <vector>\n\nnamespace inventory {\n\nstruct Item\n{\n    std::string sku;\n    int quantity = 0;\n};\n\n"
              "class Stock\n{\npublic:\n    bool reserve(const std::string &sku, unsigned count);\n    std::vector<Item> lowStock() const;\n};\n\n"
              "std::string lowStockReport(const Stock &stock);\n\n} // namespace inventory\n"}},
            {"src/reporting.cpp",
             {"#include \"inventory/stock.h\"\n\n#include <sstream>\n\nnamespace inventory {\n\nstd::string lowStockReport(const Stock &stock)\n{\n"
              "    std::ostringstream out;\n    const std::vector<Item> low = stock.lowStock();\n    for (std::size_t i = 0; i <= low.size(); ++i)\n"
              "        out << low[i].sku << '\\n';\n    return out.str();\n}\n\n} // namespace inventory\n"}},
            {"src/stock.cpp",
             {"#include \"inventory/stock.h\"\n\nnamespace inventory {\n\nbool Stock::reserve(const std::string &sku, unsigned count)\n{\n"
              "    return !sku.empty() && count > 0;\n}\n\n} // namespace inventory"}},
            {"scripts/check.py", {"def check(stock):\n    return all(item.quantity >= 0 for item in stock)\n\nclass Checker:\n    pass\n"}},
            {"docs/logo.png", {QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)}},
            {"scripts/run.sh", {"#!/bin/sh\nexec ./check\n", rd::FileMode::Executable}}};
        const auto head = builder->commit("main", tree, "demo");
        if (!head)
            __builtin_trap();
        f.head = *head;
        auto repository = rd::GitRepository::open(dir);
        if (!repository)
            __builtin_trap();
        f.repository = std::move(repository).value();
        auto index = rd::Bm25Index::openOrBuild(*f.repository, f.head, {}, rd::fuzz::scratch().filePath(QStringLiteral("index")));
        if (!index)
            __builtin_trap();
        f.index = std::move(index).value();
        return f;
    }();
    return made;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const Fixture &f = fixture();
    const QByteArray input = rd::fuzz::bytes(data, size);
    const qsizetype newline = input.indexOf('\n');
    const QString name = QString::fromUtf8(newline < 0 ? input : input.left(newline));
    const QString arguments = newline < 0 ? QString() : QString::fromUtf8(input.mid(newline + 1));
    // A tools object per input, as each hunk's agent has its own; 400
    // characters so that the cut is exercised.
    rd::RepositoryTools tools(*f.repository, f.head, f.index, 400);
    if (!tools.load())
        __builtin_trap();
    const rd::RepositoryTools::Outcome outcome = tools.call(name, arguments);
    if (outcome.result.trimmed().isEmpty())
        __builtin_trap(); // an empty answer tells the model nothing
    return 0;
}
