#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <utility>

namespace rd {

// A definition of a named entity in one source file.
struct DefinitionSite
{
    QByteArray path;
    int first = 0; // 1-based lines of the whole definition
    int last = 0;
    QString kind;  // function, class, struct, variable, macro, ... (libclang's cursor kind)
};

bool isCOrCppPath(const QByteArray &path);
// The definitions of `symbol` (its last component when qualified, a::b::f ->
// f) in one C or C++ file, parsed with libclang from memory: `content`, and
// `headers` (repository path, content) found from the file's folder and the
// top folder as include paths; other includes are missing, which libclang
// tolerates. Never fails: a file that cannot be parsed has no definitions.
QList<DefinitionSite> findDefinitionsInSource(const QByteArray &path, const QByteArray &content, const QString &symbol,
                                              const QList<std::pair<QByteArray, QByteArray>> &headers = {});

} // namespace rd
