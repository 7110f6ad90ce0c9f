#pragma once

#include <FileDiff.h>

#include <QSet>
#include <QString>

namespace rd {

struct MergeRequest;

// Which files of a merge request the reviewer has marked as viewed, saved in
// the user's settings at once. A mark belongs to the file's new content, so
// it falls away when a later push changes the file.
class ViewedFiles
{
public:
    ViewedFiles() = default;
    explicit ViewedFiles(const MergeRequest &mr);

    bool isViewed(const FileDiff &file) const;
    void setViewed(const FileDiff &file, bool viewed);

private:
    static QString keyOf(const FileDiff &file);
    QString m_settingsKey;
    QSet<QString> m_viewed;
};

} // namespace rd
