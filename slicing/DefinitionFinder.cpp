#include "DefinitionFinder.h"

#include <clang-c/Index.h>

#include <algorithm>
#include <vector>

namespace rd {

bool isCOrCppPath(const QByteArray &path)
{
    for (const char *ext : {".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".inl", ".ipp"})
        if (path.endsWith(ext))
            return true;
    return false;
}

namespace {

struct Visit
{
    QByteArray name;
    CXFile file = nullptr;
    QByteArray path;
    QList<DefinitionSite> found;
};

CXChildVisitResult visit(CXCursor cursor, CXCursor, CXClientData data)
{
    auto *v = static_cast<Visit *>(data);
    CXSourceLocation location = clang_getCursorLocation(cursor);
    CXFile file = nullptr;
    clang_getSpellingLocation(location, &file, nullptr, nullptr, nullptr);
    if (!file || !clang_File_isEqual(file, v->file))
        return CXChildVisit_Continue; // nothing of this file inside another's declarations
    const CXCursorKind kind = clang_getCursorKind(cursor);
    const bool isMacro = kind == CXCursor_MacroDefinition;
    if (isMacro || clang_isCursorDefinition(cursor)) {
        CXString spelling = clang_getCursorSpelling(cursor);
        const bool match = v->name == clang_getCString(spelling);
        clang_disposeString(spelling);
        if (match) {
            const CXSourceRange extent = clang_getCursorExtent(cursor);
            unsigned first = 0;
            unsigned last = 0;
            clang_getSpellingLocation(clang_getRangeStart(extent), nullptr, &first, nullptr, nullptr);
            clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, &last, nullptr, nullptr);
            CXString kindName = clang_getCursorKindSpelling(kind);
            v->found.append({v->path, static_cast<int>(first), static_cast<int>(std::max(first, last)), QString::fromUtf8(clang_getCString(kindName))});
            clang_disposeString(kindName);
        }
    }
    return CXChildVisit_Recurse;
}

} // namespace

QList<DefinitionSite> findDefinitionsInSource(const QByteArray &path, const QByteArray &content, const QString &symbol,
                                              const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    Visit v;
    v.name = symbol.section(QStringLiteral("::"), -1).trimmed().toUtf8();
    v.path = path;
    if (v.name.isEmpty() || !content.contains(v.name))
        return {};
    // Paths that exist nowhere: libclang reads the files from memory only.
    const QByteArray root = "/reviewdesk-head/";
    const QByteArray virtualPath = root + path;
    const bool isC = path.endsWith(".c");
    const qsizetype slash = path.lastIndexOf('/');
    const QByteArray folderInclude = "-I" + root + (slash < 0 ? QByteArray() : path.left(slash));
    const QByteArray rootInclude = "-I" + root;
    const char *args[] = {"-x", isC ? "c" : "c++", isC ? "-std=c11" : "-std=c++17", "-w", folderInclude.constData(), rootInclude.constData()};
    QList<QByteArray> headerPaths;
    for (const auto &[headerPath, headerContent] : headers)
        headerPaths.append(root + headerPath);
    std::vector<CXUnsavedFile> unsaved{{virtualPath.constData(), content.constData(), static_cast<unsigned long>(content.size())}};
    for (qsizetype i = 0; i < headers.size(); ++i)
        if (headers[i].first != path)
            unsaved.push_back({headerPaths[i].constData(), headers[i].second.constData(), static_cast<unsigned long>(headers[i].second.size())});
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit unit = nullptr;
    const unsigned options = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_Incomplete | CXTranslationUnit_KeepGoing;
    if (clang_parseTranslationUnit2(index, virtualPath.constData(), args, 6, unsaved.data(), static_cast<unsigned>(unsaved.size()), options, &unit) == CXError_Success && unit) {
        v.file = clang_getFile(unit, virtualPath.constData());
        if (v.file)
            clang_visitChildren(clang_getTranslationUnitCursor(unit), visit, &v);
        clang_disposeTranslationUnit(unit);
    }
    clang_disposeIndex(index);
    return v.found;
}

} // namespace rd
